import { sql } from "kysely";
import type { WaitlistRow } from "~/lib/catalog/types";
import { formatDateTime } from "~/lib/format";
import { WAITLIST_CONSENT_TEXT, type WaitlistInput } from "~/lib/schemas/waitlist";
import { withViewer, type Tx, type Viewer } from "~/server/db/db.server";
import { publicUrl } from "~/server/http/urls.server";
import { scheduleJob, type JobHandler } from "~/server/jobs/jobs.server";
import { greetingMail } from "~/server/mail/layout.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { accountAddress } from "~/server/members/accounts.server";
import { getMemberProfile } from "~/server/members/members.server";
import { logger } from "~/server/platform/log.server";
import { hashToken, newToken } from "~/server/newsletter/newsletter.server";

/**
 * The waitlist of a sold-out event or course (issue 27). Who is offered freed seats, and when, is
 * decided in SQL (migration 20261127110000_waitlist.sql) in the transaction that frees them; this
 * module lets people join and leave, mails the offers, ends them after 48 hours (at the start at the latest), and shows the
 * list to admins. Joining, leaving and reading by token run as the service role: a visitor has no
 * rights on the table, and the token (only its hash is stored) is what proves who they are.
 */

export type WaitlistItemType = "event" | "course";

const TABLE = { event: "events", course: "courses" } as const;

/** Title and seats of an event or course, for the form and the mails. Null when it is gone. */
async function waitlistItem(tx: Tx, itemType: WaitlistItemType, itemId: string) {
  return tx
    .selectFrom(`${TABLE[itemType]} as item` as "events as item")
    .leftJoin("seat_counts as s", "s.item_id", "item.id")
    .select(["item.id", "item.title", "item.capacity", "s.booked", "s.offered"])
    .select(sql<boolean>`coalesce(item.starts_at <= public.shop_now(), false)`.as("past"))
    .where("item.id", "=", itemId)
    .executeTakeFirst();
}

/** What the waitlist form starts with for a signed-in member (they can still change both). */
export interface WaitlistPrefill {
  name: string;
  email: string;
}

/**
 * The profile's name and the account's address, read as the member (RLS: their own profile).
 * Null when nothing can be read: the form then starts empty, as for a visitor.
 */
export async function waitlistPrefillOf(viewer: Viewer, email: string): Promise<WaitlistPrefill | null> {
  if (viewer.role !== "authenticated") return null;
  try {
    const profile = await withViewer(viewer, (tx) => getMemberProfile(tx, viewer.userId));
    const name = [profile?.first_name, profile?.last_name]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(" ");
    return { name, email };
  } catch (error) {
    logger.error("waitlist prefill failed", { error: (error as Error).message });
    return null;
  }
}

/** "joined", or why not: already on it, seats are free to book, the item has begun or is gone. */
export type JoinOutcome = "joined" | "already" | "bookable" | "past" | "gone";

export async function joinWaitlist(
  tx: Tx,
  target: { itemType: WaitlistItemType; itemId: string; userId: string | null },
  input: WaitlistInput,
): Promise<JoinOutcome> {
  const item = await waitlistItem(tx, target.itemType, target.itemId);
  if (!item) return "gone";
  if (item.past) return "past";
  const free = item.capacity === null ? Infinity : item.capacity - Number(item.booked ?? 0) - Number(item.offered ?? 0);
  if (free >= input.seats) return "bookable";
  const waiting = await tx
    .selectFrom("waitlist_entries")
    .select("id")
    .where("item_id", "=", target.itemId)
    .where(sql<string>`lower(email)`, "=", input.email.toLowerCase())
    .where("status", "in", ["waiting", "offered"])
    .executeTakeFirst();
  if (waiting) return "already";
  await tx
    .insertInto("waitlist_entries")
    .values({
      item_id: target.itemId,
      item_type: target.itemType,
      name: input.name,
      email: input.email,
      seats: input.seats,
      user_id: target.userId,
      consent_text: WAITLIST_CONSENT_TEXT,
    })
    .execute();
  return "joined";
}

/** What the mailed link shows: the offer (while it holds), or what became of it. */
export interface WaitlistLink {
  entryId: string;
  itemType: WaitlistItemType;
  itemId: string;
  title: string;
  email: string;
  seats: number;
  /** "offered" only while the offer lasts (the job that ends it may run a moment later). */
  state: "offered" | "waiting" | "booked" | "expired" | "left";
  expiresAt: string | null;
}

export async function waitlistLinkOf(tx: Tx, token: string): Promise<WaitlistLink | null> {
  const entry = await tx
    .selectFrom("waitlist_entries")
    .select(["id", "item_id", "item_type", "email", "seats", "status", "offer_expires_at"])
    .select(sql<boolean>`status = 'offered' and offer_expires_at > public.shop_now()`.as("holds"))
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!entry) return null;
  const itemType = entry.item_type as WaitlistItemType;
  const item = await waitlistItem(tx, itemType, entry.item_id);
  if (!item) return null;
  const state = entry.status === "offered" && !entry.holds ? "expired" : (entry.status as WaitlistLink["state"]);
  return {
    entryId: entry.id,
    itemType,
    itemId: entry.item_id,
    title: item.title,
    email: entry.email,
    seats: entry.seats,
    state,
    expiresAt: entry.offer_expires_at ? new Date(entry.offer_expires_at).toISOString() : null,
  };
}

/** Leaves the waitlist; held seats go to the next in line (the table's trigger asks them). */
export async function leaveWaitlist(tx: Tx, entryId: string) {
  await tx
    .updateTable("waitlist_entries")
    .set({ status: "left", updated_at: sql`public.shop_now()` })
    .where("id", "=", entryId)
    .where("status", "in", ["waiting", "offered"])
    .execute();
}

export function waitlistOfferMail(input: {
  title: string;
  seats: number;
  expiresAt: string;
  email: string;
  link: string;
  /** The name the form asked for, when the mail may carry it (`nameForMail`); else "Hallo,". */
  name: string | null;
}) {
  const seats = input.seats === 1 ? "ist ein Platz" : `sind ${input.seats} Plätze`;
  const held = input.seats === 1 ? "Wir halten ihn" : "Wir halten sie";
  return greetingMail(
    `Ein Platz ist frei: ${input.title} – BeHappy`,
    "Dein Platz von der Warteliste",
    [
      [
        `gute Nachricht: Für „${input.title}“ ${seats} frei geworden. ${held} bis ${formatDateTime(input.expiresAt)} Uhr für dich.`,
      ],
      ["Hier buchst du:", { href: input.link, label: "Platz buchen", spelledOut: true }],
      [
        `Buche mit einem Konto zu dieser E-Mail-Adresse (${input.email}); wenn du noch keins hast, legst du es beim Bestellen an.`,
      ],
      [
        "Du möchtest nicht mehr teilnehmen? Über denselben Link gibst du den Platz frei – dann fragen wir die nächste Person auf der Warteliste.",
      ],
    ],
    input.name,
  );
}

/**
 * The name typed on the waitlist form, if the offer mail may greet with it. Anyone may type any
 * name next to any address, and a mail to an address nobody confirmed carries nothing its sender
 * typed (docs/security.md, "No stranger's words"): so only when a signed-in member joined with
 * their own account address, and that address is confirmed. Everyone else gets "Hallo,".
 */
export async function nameForMail(tx: Tx, entry: { name: string; email: string; user_id: string | null }) {
  if (!entry.user_id) return null;
  const own = await accountAddress(tx, entry.user_id);
  return own?.confirmed && own.email.toLowerCase() === entry.email.toLowerCase() ? entry.name : null;
}

/**
 * Job "waitlist-offer" (scheduled by offer_waitlist_seats): mails the offer with a fresh link
 * token. Once per offer (the outbox key); an offer that ended before the job ran mails nothing.
 */
export const waitlistOffer: JobHandler = async (tx, job) => {
  const entryId = String(job.payload.entry_id);
  const entry = await tx
    .selectFrom("waitlist_entries")
    .select(["id", "item_id", "item_type", "name", "email", "user_id", "seats", "offered_at", "offer_expires_at"])
    .where("id", "=", entryId)
    .where("status", "=", "offered")
    .executeTakeFirst();
  if (!entry?.offer_expires_at || !entry.offered_at) return;
  const item = await waitlistItem(tx, entry.item_type as WaitlistItemType, entry.item_id);
  if (!item) return;
  const token = newToken();
  await tx
    .updateTable("waitlist_entries")
    .set({ token_hash: hashToken(token) })
    .where("id", "=", entry.id)
    .execute();
  const mail = waitlistOfferMail({
    title: item.title,
    seats: entry.seats,
    expiresAt: new Date(entry.offer_expires_at).toISOString(),
    email: entry.email,
    link: publicUrl(`/warteliste?token=${encodeURIComponent(token)}`),
    name: await nameForMail(tx, entry),
  });
  const offered = Math.round(new Date(entry.offered_at).getTime() / 1000);
  await enqueueMail(tx, { to: entry.email, ...mail }, { key: `waitlist-offer:${entry.id}:${offered}`, secret: true });
};

/**
 * Job "waitlist-expiry": when an offer ends (48 hours, or the start if sooner), an unused one ends and the next in line is asked.
 * Run before its time (an admin's "Jetzt ausführen" in /admin/jobs), the offer still stands: the
 * job schedules itself again for the offer's end, or nothing would ever end it and its seats would
 * stay held until the event starts.
 */
export const waitlistExpiry: JobHandler = async (tx, job) => {
  const entryId = String(job.payload.entry_id);
  const expired = await tx
    .updateTable("waitlist_entries")
    .set({ status: "expired", updated_at: sql`public.shop_now()` })
    .where("id", "=", entryId)
    .where("status", "=", "offered")
    .where("offer_expires_at", "<=", sql<Date>`public.shop_now()`)
    .returning("id")
    .executeTakeFirst();
  if (expired) return;
  const standing = await tx
    .selectFrom("waitlist_entries")
    .select("offer_expires_at")
    .where("id", "=", entryId)
    .where("status", "=", "offered")
    .executeTakeFirst();
  if (standing?.offer_expires_at) {
    await scheduleJob(tx, {
      kind: "waitlist-expiry",
      key: `${job.key}:again`,
      runAt: new Date(standing.offer_expires_at),
      payload: { entry_id: entryId },
    });
  }
};

/**
 * Data minimisation (privacy page, the form's consent text): once an event or course has begun (or
 * is deleted), its waitlist goes; an entry whose person no longer waits (booked, left, or let an
 * offer expire) goes a week later, also where no start is known (the week keeps the offer link's
 * page saying what happened). The number deleted.
 */
export async function deleteFinishedWaitlists(tx: Tx) {
  const { numAffectedRows } = await sql`
    delete from public.waitlist_entries w
     where (w.status in ('booked', 'left', 'expired') and w.updated_at <= public.shop_now() - interval '7 days')
        or (not exists (select 1 from public.events e where e.id = w.item_id and coalesce(e.starts_at > public.shop_now(), true))
            and not exists (select 1 from public.courses c where c.id = w.item_id and coalesce(c.starts_at > public.shop_now(), true)))`.execute(
    tx,
  );
  return Number(numAffectedRows ?? 0);
}

/** The people waiting for one item, first in line first (admins; RLS). */
export async function listWaitlist(tx: Tx, itemId: string): Promise<WaitlistRow[]> {
  const rows = await tx
    .selectFrom("waitlist_entries")
    .select(["id", "name", "email", "seats", "status", "created_at", "offer_expires_at"])
    .where("item_id", "=", itemId)
    .where("status", "in", ["waiting", "offered"])
    .orderBy("created_at")
    .orderBy("queued")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    seats: row.seats,
    status: row.status as WaitlistRow["status"],
    createdAt: new Date(row.created_at).toISOString(),
    offerExpiresAt: row.offer_expires_at ? new Date(row.offer_expires_at).toISOString() : null,
  }));
}

/** An admin removes an entry (RLS: admins only); a held offer passes to the next in line. */
export async function removeWaitlistEntry(tx: Tx, itemId: string, entryId: string) {
  const removed = await tx
    .deleteFrom("waitlist_entries")
    .where("id", "=", entryId)
    .where("item_id", "=", itemId)
    .executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}
