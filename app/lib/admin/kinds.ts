import { CATALOG_KINDS, type CatalogKind } from "~/lib/catalog/types";

/**
 * The three catalogue kinds of the admin area and their German words (spec §2 Admin area, §8 Admin).
 * One table drives the list, the form, the toasts and the errors of events, courses and products.
 */
export type AdminKind = CatalogKind;

export interface KindTexts {
  /** Singular, as in 'Veranstaltung gelöscht'. */
  one: string;
  /** Plural, as in 'Fehler beim Laden der Veranstaltungen'. */
  many: string;
  /** Genitive article + singular: 'der Veranstaltung', 'des Kurses', 'des Produkts'. */
  ofOne: string;
  heading: string;
  newHeading: string;
  editHeading: string;
  /** Path of the public list page showing the result. */
  publicPath: string;
  /** The form's link back to the list. */
  backToList: string;
}

export const KIND_TEXTS: Record<AdminKind, KindTexts> = {
  events: {
    one: "Veranstaltung",
    many: "Veranstaltungen",
    ofOne: "der Veranstaltung",
    heading: "Veranstaltungen verwalten",
    newHeading: "Neue Veranstaltung",
    editHeading: "Veranstaltung bearbeiten",
    publicPath: "/events",
    backToList: "Zurück zu den Veranstaltungen",
  },
  courses: {
    one: "Kurs",
    many: "Kurse",
    ofOne: "des Kurses",
    heading: "Kurse verwalten",
    newHeading: "Neuer Kurs",
    editHeading: "Kurs bearbeiten",
    publicPath: "/courses",
    backToList: "Zurück zu den Kursen",
  },
  products: {
    one: "Produkt",
    many: "Produkte",
    ofOne: "des Produkts",
    heading: "Produkte verwalten",
    newHeading: "Neues Produkt",
    editHeading: "Produkt bearbeiten",
    publicPath: "/products",
    backToList: "Zurück zu den Produkten",
  },
};

/** 'Bitte versuchen Sie es später erneut.': the description of every admin error (spec §8 Admin). */
export const ADMIN_RETRY = "Bitte versuchen Sie es später erneut.";

/** Toasts of spec §8 Admin for one kind. */
export function kindToasts(kind: AdminKind) {
  const t = KIND_TEXTS[kind];
  return {
    created: `${t.one} erstellt`,
    updated: `${t.one} aktualisiert`,
    deleted: `${t.one} gelöscht`,
    loadListError: `Fehler beim Laden der ${t.many}`,
    loadError: `Fehler beim Laden ${t.ofOne}`,
    deleteError: `Fehler beim Löschen ${t.ofOne}`,
    updateError: `Fehler beim Aktualisieren ${t.ofOne}`,
    createFormError: "Fehler beim Erstellen",
    updateFormError: "Fehler beim Aktualisieren",
  };
}

/** Which kind an admin URL belongs to: /admin/events…, /admin/courses…, /admin/products…. */
export function kindFromPath(pathname: string): AdminKind | null {
  const segment = pathname.split("/")[2];
  return (CATALOG_KINDS as readonly string[]).includes(segment) ? (segment as AdminKind) : null;
}

export const FLAGS = ["show_on_startpage", "show_on_offer"] as const;
export type Flag = (typeof FLAGS)[number];

export const FLAG_TEXTS: Record<Flag, { column: string; added: string; removed: string }> = {
  show_on_startpage: {
    column: "Startseite",
    added: "zur Startseite hinzugefügt",
    removed: "von der Startseite entfernt",
  },
  show_on_offer: { column: "Angebote", added: "zu den Angeboten hinzugefügt", removed: "aus den Angeboten entfernt" },
};

/** Order status (spec §4): labels and colours (completed green, cancelled red, anything else yellow). */
export const ORDER_STATUSES = ["pending", "completed", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  pending: "Ausstehend",
  completed: "Abgeschlossen",
  cancelled: "Storniert",
};
export function orderStatusLabel(status: string) {
  return ORDER_STATUS_LABEL[status as OrderStatus] ?? status;
}
export function orderStatusVariant(status: string): "success" | "destructive" | "warning" {
  if (status === "completed") return "success";
  if (status === "cancelled") return "destructive";
  return "warning";
}

/** Newsletter status labels: 'Angemeldet' per spec; the double opt-in states in German too. */
export const NEWSLETTER_STATUS_LABEL: Record<string, string> = {
  subscribed: "Angemeldet",
  pending: "Bestätigung ausstehend",
  unsubscribed: "Abgemeldet",
};
export function newsletterStatusLabel(status: string) {
  return NEWSLETTER_STATUS_LABEL[status] ?? status;
}

/** Contact message status (spec §4): 'Neu' and 'Gelesen'. */
export function contactStatusLabel(status: string) {
  return status === "read" ? "Gelesen" : "Neu";
}

const ORDER_ITEM_TYPE_LABELS: Record<string, string> = {
  product: "Produkt",
  course: "Kurs",
  event: "Veranstaltung",
  membership: "Mitgliedschaft",
};

/** An order line of a membership plan: stored as type 'membership', or (older lines) as a product '{name} Membership'. */
export function isMembershipLine(type: string, title: string) {
  return type === "membership" || (type === "product" && / Membership$/.test(title));
}

/** German word for an order line's type (spec §3). */
export function orderItemTypeLabel(type: string, title: string) {
  if (isMembershipLine(type, title)) return ORDER_ITEM_TYPE_LABELS.membership;
  return ORDER_ITEM_TYPE_LABELS[type] ?? type;
}

export const REFUND_REASON_LABEL: Record<"withdrawal" | "cancellation" | "partial" | "overpayment", string> = {
  withdrawal: "Widerruf",
  cancellation: "Stornierung",
  partial: "Teilerstattung",
  overpayment: "Überzahlung",
};

/** A refund's reason in the list: money for an order already cancelled was not paid "too much". */
export function refundReasonLabel(row: { reason: keyof typeof REFUND_REASON_LABEL; afterCancellation: boolean }) {
  return row.afterCancellation ? "Zahlung nach Stornierung" : REFUND_REASON_LABEL[row.reason];
}
