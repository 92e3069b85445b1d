import type { CatalogKind } from "~/lib/catalog/types";

/** German texts per catalogue kind; the error, empty and not-found strings are the spec's (§8). */
export const KIND_TEXT: Record<
  CatalogKind,
  {
    path: string;
    listTitle: string;
    listIntro: string;
    singular: string;
    listError: string;
    listEmpty: string;
    sectionEmpty: string;
    detailError: string;
    notFound: string;
    back: string;
    discover: string;
    /** The link from a home/offers section to the whole list. */
    sectionLink: string;
    /** The list page's meta description. */
    metaDescription: string;
  }
> = {
  products: {
    path: "/products",
    listTitle: "Produkte",
    listIntro: "Bücher, Planer und kleine Begleiter, die dich im Alltag an das Wesentliche erinnern.",
    singular: "Produkt",
    listError: "Konnte Produkte nicht laden. Bitte versuche es später erneut.",
    listEmpty: "Keine Produkte gefunden",
    sectionEmpty: "Es wurden keine Produkte gefunden.",
    detailError: "Konnte das Produkt nicht laden. Bitte versuche es später erneut.",
    notFound: "Das Produkt wurde nicht gefunden.",
    back: "Zurück zu allen Produkten",
    discover: "Produkte entdecken",
    sectionLink: "Alle Produkte",
    metaDescription:
      "Bücher, Planer, Karten und mehr für dein persönliches Wachstum – mit Community-Preisen für Mitglieder.",
  },
  events: {
    path: "/events",
    listTitle: "Ver\u00ADan\u00ADstal\u00ADtun\u00ADgen",
    listIntro: "Workshops, Retreats und Begegnungen: Erlebe die BeHappy-Community live und online.",
    singular: "Veranstaltung",
    listError: "Konnte Veranstaltungen nicht laden. Bitte versuche es später erneut.",
    listEmpty: "Keine Veranstaltungen gefunden",
    sectionEmpty: "Es wurden keine Events gefunden.",
    detailError: "Konnte die Veranstaltung nicht laden. Bitte versuche es später erneut.",
    notFound: "Die Veranstaltung wurde nicht gefunden.",
    back: "Zurück zu allen Veranstaltungen",
    discover: "Veranstaltungen entdecken",
    sectionLink: "Alle Veranstaltungen",
    metaDescription:
      "Workshops, Retreats, Netzwerkabende und Online-Sessions der BeHappy-Community – vor Ort und online.",
  },
  courses: {
    path: "/courses",
    listTitle: "Kurse",
    listIntro:
      "Online und vor Ort: Kurse, die dich Schritt für Schritt zu mehr Klarheit, Gelassenheit und Mut begleiten.",
    singular: "Kurs",
    listError: "Konnte Kurse nicht laden. Bitte versuche es später erneut.",
    // Spec §8: 'Keine Veranstaltungen gefunden' is also the empty text of the course list.
    listEmpty: "Keine Veranstaltungen gefunden",
    sectionEmpty: "Es wurden keine Kurse gefunden.",
    detailError: "Konnte den Kurs nicht laden. Bitte versuche es später erneut.",
    notFound: "Der Kurs wurde nicht gefunden.",
    back: "Zurück zu allen Kursen",
    discover: "Kurse entdecken",
    sectionLink: "Alle Kurse",
    metaDescription:
      "Kurse für Persönlichkeitsentwicklung, Achtsamkeit, Kommunikation und Business-Aufbau – online und vor Ort.",
  },
};

/** How an event or a course is named where a sentence is about it: its start, its page. */
export const SCHEDULED_TEXT: Record<"events" | "courses", { begun: string; pageLink: string }> = {
  events: { begun: "Diese Veranstaltung hat bereits begonnen", pageLink: "Zur Veranstaltung" },
  courses: { begun: "Dieser Kurs hat bereits begonnen", pageLink: "Zum Kurs" },
};

export const ERROR_HEADING = "Oops! Etwas ist schief\u00ADge\u00ADlau\u00ADfen";

/** Fixed product rating (spec §9). */
export const PRODUCT_RATING = { value: "4.9", max: 5, reviews: 128 } as const;

/** The kind a catalogue path shows (/courses, /events/:id …); the list and detail routes serve all three. */
export function catalogKindOfPath(pathname: string): CatalogKind {
  const first = pathname.split("/")[1];
  return first === "courses" || first === "events" ? first : "products";
}
