import { formatDateTime } from "~/lib/format";

/** Readable lines of an audit entry (the database stores whole rows before/after as jsonb). */
export interface AuditEntry {
  id: string;
  action: "insert" | "update" | "delete" | string;
  actor_email: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
}

export const AUDIT_ACTION_LABEL: Record<string, string> = {
  insert: "Erstellt",
  update: "Geändert",
  delete: "Gelöscht",
};

const FIELD_LABEL: Record<string, string> = {
  title: "Titel",
  category: "Kategorie",
  image_url: "Bild-URL",
  date: "Datum",
  time: "Uhrzeit",
  location: "Ort",
  provider: "Anbieter",
  description: "Beschreibung",
  details: "Details",
  price: "Preis",
  "behappy-price": "BeHappy-Preis",
  behappy_price: "BeHappy-Preis",
  availability: "Verfügbar",
  show_on_startpage: "Startseite",
  show_on_offer: "Angebote",
  status: "Status",
  payment_deadline: "Zahlungsfrist",
  payment_reminded_at: "Zahlungserinnerung",
  starts_at: "Beginn",
  ends_at: "Ende",
  capacity: "Plätze",
  vat_rate: "MwSt.-Satz",
  shipped: "Versand",
  membership_plan: "Mitgliedschaft",
  customer_name: "Name",
  customer_email: "E-Mail",
  customer_phone: "Telefon",
  salutation: "Anrede",
  street: "Straße",
  zipcode: "PLZ",
  city: "Ort",
  country: "Land",
  notes: "Anmerkungen",
  company: "Firma",
  vat_id: "USt-IdNr.",
  total_amount: "Gesamtbetrag",
  shipping_fee: "Versandkosten",
  voucher_code: "Gutschein",
  discount_amount: "Rabatt",
};

/**
 * Not shown: keys, timestamps the database keeps itself, and bookkeeping no admin changes (the
 * calendar file's revision counter, the membership an order applied, the cart's token).
 */
const IGNORED = new Set([
  "id",
  "created_at",
  "updated_at",
  "features",
  "not_included",
  "calendar_sequence",
  "membership_applied_at",
  "membership_before",
  "checkout_token",
  "user_id",
]);

/** One value of an audited field as the trail shows it. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "–";
  if (typeof value === "boolean") return value ? "ja" : "nein";
  // A timestamp (a payment deadline) reads as a German date and time.
  if (typeof value === "string" && /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value)) return formatDateTime(value);
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** 'Titel: alt → neu' for each changed field of an update (labels in German). */
export function auditChanges(
  entry: Pick<AuditEntry, "action" | "before" | "after">,
  labelOf?: (field: string, value: unknown) => string,
) {
  if (entry.action !== "update" || !entry.before || !entry.after) return [];
  const fmt = labelOf ?? ((_field: string, value: unknown) => auditValue(value));
  const keys = Object.keys(entry.after).filter(
    (key) => !IGNORED.has(key) && JSON.stringify(entry.before?.[key]) !== JSON.stringify(entry.after?.[key]),
  );
  return keys.map(
    (key) => `${FIELD_LABEL[key] ?? key}: ${fmt(key, entry.before?.[key])} → ${fmt(key, entry.after?.[key])}`,
  );
}

/** What a membership change did: admin_set_membership and the order and cancellation paths store it in `after.action`. */
const MEMBERSHIP_ACTION_LABEL: Record<string, string> = {
  grant: "Plan vergeben",
  extend: "Verlängert",
  end: "Beendet",
  cancel: "Gekündigt",
  "cancel-withdrawn": "Kündigung zurückgenommen",
  "order-cancelled": "Bestellung storniert",
  "order-pending": "Bestellung wieder offen",
};

/**
 * One membership history entry for the admin: the action as a heading and the plan, the end of
 * the term and the reason as lines. The rows keep the plan key, so `planName` names it.
 */
export function membershipAuditSummary(
  entry: Pick<AuditEntry, "action" | "after">,
  planName: (plan: string) => string,
  formatDate: (iso: string) => string,
) {
  const after = entry.after ?? {};
  const text = (key: string) => (typeof after[key] === "string" && after[key] !== "" ? (after[key] as string) : null);
  const action = text("action");
  const plan = text("plan");
  const until = text("until");
  const reason = text("reason");
  const lines = [
    plan ? `Plan: ${planName(plan)}` : null,
    plan ? `Gültig bis: ${until ? formatDate(until) : "unbegrenzt"}` : null,
    reason ? `Grund: ${reason}` : null,
  ].filter((line): line is string => line !== null);
  return {
    label: (action && MEMBERSHIP_ACTION_LABEL[action]) ?? AUDIT_ACTION_LABEL[entry.action] ?? entry.action,
    lines,
  };
}
