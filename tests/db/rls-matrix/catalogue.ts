// The catalogue: items, their seats and versions, plans and waitlists.
import { type TableCase, X, catalogue } from "./matrix";

export const CATALOGUE_TABLES: Record<string, TableCase> = {
  events: {
    where: "id = $1",
    key: (i) => i.event,
    insert: () => [
      "insert into public.events (title, category, image_url, date, time, location) values ('T', 'C', '/x.svg', '1.1.2027', '10 Uhr', 'Berlin')",
      [],
    ],
    set: "title = title",
    expect: catalogue,
  },
  courses: {
    where: "id = $1",
    key: (i) => i.course,
    insert: () => ["insert into public.courses (title, category, image_url) values ('T', 'C', '/x.svg')", []],
    set: "title = title",
    expect: catalogue,
  },
  products: {
    where: "id = $1",
    key: (i) => i.product,
    insert: () => ["insert into public.products (title, category, image_url) values ('T', 'C', '/x.svg')", []],
    set: "availability = availability",
    expect: catalogue,
  },
  catalog_version: {
    // One row, bumped only by the catalogue triggers (security definer); everyone reads it.
    where: "id = $1::boolean",
    key: () => "true",
    insertSetup: () => ["delete from public.catalog_version"],
    insert: () => ["insert into public.catalog_version (id, version) values (true, 1)", []],
    set: "version = version",
    expect: {
      anon: ["ok", X, X, X],
      other: ["ok", X, X, X],
      owner: ["ok", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  seat_counts: {
    // Seats booked per event or course, written only by the booking triggers (security definer);
    // everyone reads them ("Noch 3 Plätze"). The fixture order's event line created the row.
    where: "item_id = $1::uuid",
    key: (ids) => ids.event,
    insertSetup: () => ["delete from public.seat_counts"],
    insert: (ids) => ["insert into public.seat_counts (item_id, item_type) values ($1::uuid, 'event')", [ids.event]],
    set: "booked = booked",
    expect: {
      anon: ["ok", X, X, X],
      other: ["ok", X, X, X],
      owner: ["ok", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  membership_plans: {
    // Fixed facts (rank, term, community prices) everyone reads; only migrations change them.
    where: "plan = $1",
    key: () => "matrix",
    insert: () => [
      "insert into public.membership_plans (plan, name, rank, grants_community_price) values ('matrix2', 'Matrix 2', 98, false)",
      [],
    ],
    set: "name = name",
    expect: {
      anon: ["ok", X, X, X],
      other: ["ok", X, X, X],
      owner: ["ok", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  waitlist_entries: {
    // Joined, left and booked through the server (service role) after it checked the form or the
    // mailed token; admins read and remove entries, a member reads their own (data export).
    where: "id = $1",
    key: (i) => i.waitlistEntry,
    insert: (i) => [
      "insert into public.waitlist_entries (item_id, item_type, name, email, seats, consent_text) values ($1::uuid, 'event', 'A B', 'neu@example.com', 1, 'Ja')",
      [i.event],
    ],
    set: "name = name",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, "none"],
      owner: ["ok", X, X, "none"],
      admin: ["ok", X, X, "ok"],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
};
