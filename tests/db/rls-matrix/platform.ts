// The platform: audit log, rate limits, the shop clock, jobs and settings.
import { type TableCase, X } from "./matrix";

export const PLATFORM_TABLES: Record<string, TableCase> = {
  admin_audit_log: {
    // Written only by the audit trigger (the seed's insert of the fixture event left a row); admins read.
    where: "table_name = 'events' and row_id = $1",
    key: (i) => i.event,
    insert: () => [
      "insert into public.admin_audit_log (table_name, row_id, action) values ('events', gen_random_uuid(), 'insert')",
      [],
    ],
    set: "after = after",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, X],
      owner: ["none", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  rate_limits: {
    where: "key = $1",
    key: () => "matrix:key",
    insert: () => ["insert into public.rate_limits (key, window_start, hits) values ('matrix:new', now(), 1)", []],
    set: "hits = hits",
    expect: {
      anon: [X, X, X, X],
      other: [X, X, X, X],
      owner: [X, X, X, X],
      admin: [X, X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  shop_clock: {
    // The shop's clock offset: no secret, everyone reads it; only the server's test hook sets it.
    where: "id = $1::boolean",
    key: () => "true",
    insertSetup: () => ["delete from public.shop_clock"],
    insert: () => ["insert into public.shop_clock (id, skew) values (true, interval '0')", []],
    set: "skew = skew",
    expect: {
      anon: ["ok", X, X, X],
      other: ["ok", X, X, X],
      owner: ["ok", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  jobs: {
    // Scheduled jobs: admins read them (/admin/jobs); "Jetzt ausführen" goes through run_job_now.
    where: "key = $1",
    key: () => "matrix-job",
    insertSetup: () => ["delete from public.jobs where key = 'matrix-job'"],
    insert: () => ["insert into public.jobs (kind, key, run_at) values ('matrix', 'matrix-job', now())", []],
    set: "last_error = null",
    expect: {
      anon: [X, X, X, X],
      other: ["none", X, X, X],
      owner: ["none", X, X, X],
      admin: ["ok", X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
  shop_settings: {
    // The server's configuration (seller, VAT mode, shipping fee), written by the server at start and
    // read by SECURITY DEFINER SQL (place_order, the invoice trigger); no API role sees it.
    where: "id = $1::boolean",
    key: () => "true",
    insertSetup: () => ["delete from public.shop_settings"],
    insert: () => [
      "insert into public.shop_settings (seller, vat_mode, shipping_fee) values ('{}'::jsonb, 'regular', 0)",
      [],
    ],
    set: "shipping_fee = shipping_fee",
    expect: {
      anon: [X, X, X, X],
      other: [X, X, X, X],
      owner: [X, X, X, X],
      admin: [X, X, X, X],
      service: ["ok", "ok", "ok", "ok"],
    },
  },
};
