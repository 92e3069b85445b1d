import type { IconName } from "~/content/types";

export type Benefit = { id: string; title: string; text: string; icon: IconName };

/** The six benefits of the community page. */
export const communityBenefits: Benefit[] = [
  {
    id: "austausch",
    title: "Echter Austausch",
    text: "Sprich mit Menschen, die ähnliche Fragen bewegen. In Gruppen und Foren findest du Verständnis, Ideen und neue Perspektiven.",
    icon: "message",
  },
  {
    id: "veranstaltungen",
    title: "Exklusive Ver\u00ADan\u00ADstal\u00ADtun\u00ADgen",
    text: "Workshops, Retreats und Community-Treffen – vor Ort und online. Als Mitglied bist du zu besonderen Konditionen dabei.",
    icon: "calendar",
  },
  {
    id: "lernpartner",
    title: "Lern\u00ADpart\u00ADner\u00ADschaf\u00ADten",
    text: "Wir bringen dich mit einer Lernpartnerin oder einem Lernpartner zusammen. Gemeinsam bleibt ihr verbindlich dran.",
    icon: "users",
  },
  {
    id: "wissen",
    title: "Wissen, das wirkt",
    text: "Kurse, Übungen und Impulse, fundiert und alltagsnah. Du lernst in deinem Tempo und wendest das Gelernte direkt an.",
    icon: "book",
  },
  {
    id: "community-preise",
    title: "Community-Preise",
    text: "Mitglieder erhalten viele Angebote zum günstigeren Community-Preis – manche sind sogar schon inklusive.",
    icon: "gift",
  },
  {
    id: "sicherer-raum",
    title: "Ein geschützter Raum",
    text: "Respekt, Vertraulichkeit und Wohlwollen sind unsere Grundregeln. Was in der Community geteilt wird, bleibt in der Community.",
    icon: "shield",
  },
];

export const communityJoin = {
  title: "Bereit, da\u00ADzu\u00ADzu\u00ADge\u00ADhö\u00ADren?",
  text: "Werde Mitglied und erlebe, wie viel leichter Wachstum in guter Gesellschaft ist.",
  label: "Jetzt Mitglied werden",
};
