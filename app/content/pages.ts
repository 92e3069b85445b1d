import type { PageText } from "~/lib/catalog/seo";

/**
 * The words that frame the content pages (about, community, concept, team): what a search result
 * shows (title, description, canonical path) and the hero at the top, with its links.
 */

export type HeroLink = { to: string; label: string; variant: "default" | "outline" | "ghost" };

export type ContentPage = PageText & {
  path: string;
  hero: { eyebrow: string; title: string; lead: string; links?: HeroLink[] };
};

export const aboutPage: ContentPage = {
  path: "/about",
  title: "Über uns",
  description:
    "Mission, Vision und Werte von BeHappy: Seit 2019 begleiten wir Menschen auf ihrem Weg zu mehr Glück, Sinn und Selbstverwirklichung – bis 2030 über 1 Million.",
  hero: {
    eyebrow: "Über uns",
    title: "Gemeinsam glücklicher leben",
    lead: "BeHappy ist eine Gemeinschaft für persönliches Wachstum. Wir glauben, dass jeder Mensch das Potenzial für ein erfülltes Leben in sich trägt – und dass es sich gemeinsam leichter entfaltet.",
    links: [
      { to: "/concept", label: "Unser Konzept", variant: "outline" },
      { to: "/team", label: "Lerne das Team kennen", variant: "ghost" },
    ],
  },
};

/** Serves /community and /community2; the canonical path is /community. */
export const communityPage: ContentPage = {
  path: "/community",
  title: "Community",
  description:
    "Die BeHappy-Community: Austausch, Veranstaltungen, Lernpartnerschaften und Community-Preise – mehr als 2.500 Menschen, die gemeinsam wachsen.",
  hero: {
    eyebrow: "Community",
    title: "Die BeHappy-Community",
    lead: "Mehr als 2.500 Menschen, die sich gegenseitig ermutigen, voneinander lernen und gemeinsam wachsen. Hier bist du willkommen – genau so, wie du bist.",
    links: [
      { to: "/join", label: "Jetzt Mitglied werden", variant: "default" },
      { to: "/events", label: "Veranstaltungen ansehen", variant: "outline" },
    ],
  },
};

export const conceptPage: ContentPage = {
  path: "/concept",
  title: "Unser Konzept",
  description:
    "Die vier Säulen von BeHappy: Selbstreflexion, ganzheitliche Entwicklung, zielorientiertes Handeln und gemeinschaftliche Unterstützung – praxisnah und fundiert.",
  hero: {
    eyebrow: "Das BeHappy-Konzept",
    title: "Unser Konzept",
    lead: "BeHappy verbindet Selbsterkenntnis, persönliches Wachstum und echte Gemeinschaft zu einem Weg, den du wirklich gehen kannst – ohne Druck, aber mit Richtung.",
  },
};

export const teamPage: ContentPage = {
  path: "/team",
  title: "Team",
  description: "Die Menschen hinter BeHappy: unser Team, unser Beirat und wie du Teil davon werden kannst.",
  hero: {
    eyebrow: "Team",
    title: "Die Menschen hinter BeHappy",
    lead: "Ein kleines Team mit großem Herz – und erfahrene Beraterinnen und Berater, die uns mit ihrem Wissen begleiten.",
  },
};
