import type { CatalogSectionText } from "./types";

/** The catalogue sections of the start page, in order. */
export const homeSections: CatalogSectionText[] = [
  {
    kind: "events",
    id: "veranstaltungen",
    title: "Kommende Veranstaltungen",
    intro: "Begegnungen, die bewegen: Workshops, Retreats und Abende mit der Community.",
    tone: "muted",
  },
  {
    kind: "courses",
    id: "kurse",
    title: "Beliebte Kurse",
    intro: "Lerne in deinem Tempo – online oder vor Ort, begleitet von erfahrenen Menschen.",
  },
  {
    kind: "products",
    id: "produkte",
    title: "Ausgewählte Produkte",
    intro: "Kleine Begleiter für den Alltag, die dich an das Wesentliche erinnern.",
    tone: "muted",
  },
];

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
