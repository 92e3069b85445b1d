import type { PageText } from "~/lib/catalog/seo";
import type { CatalogSectionText } from "~/content/types";

/** The words of /offers for search results (its loader answers the canonical URL). */
export const offersPage: PageText = {
  title: "Angebote",
  description:
    "Alle BeHappy-Angebote auf einen Blick: Kurse, Veranstaltungen und Produkte für dein persönliches Wachstum – mit Community-Preisen für Mitglieder.",
};

/** The catalogue sections of /offers, in order. */
export const offersSections: CatalogSectionText[] = [
  {
    kind: "courses",
    id: "kurse",
    title: "Kurse",
    intro: "Lerne in deinem Tempo und mit erfahrenen Begleiterinnen und Begleitern.",
  },
  {
    kind: "events",
    id: "events",
    title: "Events",
    intro: "Erlebe die Community live – bei Workshops, Retreats und Netzwerkabenden.",
    tone: "muted",
  },
  {
    kind: "products",
    id: "produkte",
    title: "Produkte",
    intro: "Begleiter für deinen Alltag, liebevoll ausgewählt.",
  },
];
