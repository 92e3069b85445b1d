import type { PageText } from "~/lib/catalog/seo";
import type { CatalogSectionText } from "~/content/types";

/** The start page's words for search results (its loader answers the canonical URL). */
export const homePage: PageText = {
  title: "Gemeinsam glücklicher leben",
  description:
    "BeHappy ist die Community für Selbstverwirklichung, persönliches Wachstum und Business-Aufbau: Kurse, Veranstaltungen und mehr als 2.500 Mitglieder, die dich ermutigen.",
};

/** The catalogue sections of the start page, in order. */
export const homeSections: CatalogSectionText[] = [
  {
    kind: "events",
    id: "veranstaltungen",
    title: "Kommende Ver\u00ADan\u00ADstal\u00ADtun\u00ADgen",
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
