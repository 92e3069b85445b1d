/** The public catalogue as pages render it: plain, serialisable objects (numbers for prices, ISO strings for times). */
import type { Paging } from "~/lib/catalog/paging";

export const CATALOG_KINDS = ["events", "courses", "products"] as const;
export type CatalogKind = (typeof CATALOG_KINDS)[number];

export interface EventItem {
  kind: "events";
  id: string;
  title: string;
  /** The title with soft hyphens, for the visible heading only (app/lib/hyphenation.ts). */
  displayTitle: string;
  category: string;
  image_url: string;
  date: string | null;
  time: string | null;
  location: string | null;
  provider: string | null;
  description: string | null;
  price: number | null;
  behappy_price: number;
  /** Real start and end (ISO); null on items that only have the free-text date. */
  starts_at: string | null;
  ends_at: string | null;
  /** Seats in all (null = unlimited) and seats still free (null = unlimited). */
  capacity: number | null;
  seats_left: number | null;
  /** Begun by the shop's clock when the catalogue was read (a job at each start re-reads it). */
  past: boolean;
  /** Over (its end, or its start when it has none) by the same clock (a job at each end re-reads it). */
  ended: boolean;
  /** The .ics SEQUENCE: raised by the database when time or place change. */
  calendar_sequence: number;
  created_at: string;
}

export interface CourseItem extends Omit<EventItem, "kind"> {
  kind: "courses";
}

export interface ProductItem {
  kind: "products";
  id: string;
  title: string;
  /** The title with soft hyphens, for the visible heading only (app/lib/hyphenation.ts). */
  displayTitle: string;
  category: string;
  description: string | null;
  details: string | null;
  image_url: string;
  price: number | null;
  behappy_price: number;
  availability: boolean;
  /** A physical product we send (PAngV: shipping terms next to the price). */
  shipped: boolean;
  created_at: string;
}

export type CatalogItem = EventItem | CourseItem | ProductItem;

type CardFields = "id" | "displayTitle" | "category" | "image_url" | "price" | "behappy_price";
/**
 * What a catalogue card shows (app/components/catalog/catalog-card.tsx): list pages and the home
 * and offers sections send only this to the browser, not the texts and times the card leaves out
 * (the hydration data is part of the page's weight, decision 0020).
 */
export type CatalogCardItem =
  | Pick<ProductItem, "kind" | CardFields | "description" | "availability" | "shipped">
  | (Pick<EventItem, "kind" | CardFields | "date" | "time" | "location" | "past" | "seats_left"> & BegunCard)
  | (Pick<CourseItem, "kind" | CardFields | "date" | "time" | "location" | "past" | "seats_left"> & BegunCard);
/** `ended` only on a card that has begun: the start page and the offers, which show none, send no more bytes. */
type BegunCard = { ended?: boolean };

export type ItemOf<K extends CatalogKind> = K extends "events"
  ? EventItem
  : K extends "courses"
    ? CourseItem
    : ProductItem;

/** Which items a list shows: all, or the ones flagged for the start page or the offers page. */
export type CatalogFilter = "all" | "startpage" | "offer";

/** A list read never throws: failures are logged and reported as a state the page renders. */
export type ListResult<T> = { ok: true; items: T[]; paging?: Paging } | { ok: false };
export type DetailResult<T> = { state: "found"; item: T } | { state: "not-found" } | { state: "error" };

/** One person on the waitlist of an event or course, as admins see it (issue 27). */
export interface WaitlistRow {
  id: string;
  name: string;
  email: string;
  seats: number;
  status: "waiting" | "offered";
  createdAt: string;
  offerExpiresAt: string | null;
}
