// Supabase's database linter (splinter, vendored in ./splinter/) against the migrated schema, the way
// Supabase's dashboard runs it on a project: `public` is the schema its REST API exposes. It runs on
// the PostgreSQL 15 engine only (the lint queries read PostgreSQL's catalogues as Supabase has them;
// PGlite has no separate roles for the REST API to speak of). No psql and no network needed.
//
// Holds: no ERROR; every SECURITY warning is one of the public functions kept on purpose, each
// listed with its reason in the README's security section.
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migrate } from "../../app/server/db/migrate.server";
import { SUPABASE_DIR } from "./engines";

interface Finding {
  name: string;
  level: "ERROR" | "WARN" | "INFO";
  categories: string[];
  detail: string;
  metadata: { name?: string } | null;
}

/** README "Security": functions the API roles may call through /rest/v1/rpc, and why. */
const KEPT_ON_PURPOSE = {
  anon_security_definer_function_executable: [
    "confirm_newsletter",
    "file_contract_cancellation",
    "file_withdrawal",
    "my_membership",
    "unsubscribe_newsletter",
    "voucher_preview",
  ],
  authenticated_security_definer_function_executable: [
    "admin_list_page",
    "admin_set_membership",
    "confirm_newsletter",
    "delete_my_account",
    "export_my_data",
    "file_contract_cancellation",
    "file_withdrawal",
    "is_admin",
    "match_contract_cancellation",
    "my_membership",
    "open_overpayment_refund",
    "place_order",
    "refund_order_lines",
    "register_participant",
    "retry_mail",
    "run_job_now",
    "start_newsletter_send",
    "unsubscribe_newsletter",
    "voucher_preview",
    "withdraw_contract_cancellation",
  ],
} as Record<string, string[]>;

const database = `lint_${randomBytes(4).toString("hex")}`;
let admin: pg.Client;
let findings: Finding[] = [];

beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject("pgUrl") });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(inject("pgUrl"));
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    await migrate(
      {
        exec: async (sql) => void (await client.query(sql)),
        query: async (sql, p) => (await client.query(sql, p)).rows,
      },
      { localShim: true, seed: true, supabaseDir: SUPABASE_DIR },
    );
    const lint = await readFile(new URL("./splinter/splinter.sql", import.meta.url), "utf8");
    await client.query("begin");
    try {
      await client.query("set local pgrst.db_schemas = 'public'");
      const results = (await client.query(lint)) as unknown as pg.QueryResult[] | pg.QueryResult;
      const last = Array.isArray(results) ? results[results.length - 1]! : results;
      findings = last.rows as Finding[];
    } finally {
      await client.query("rollback");
    }
  } finally {
    await client.end();
  }
});

afterAll(async () => {
  await admin?.query(`drop database if exists ${database} with (force)`);
  await admin?.end();
});

const summary = (list: Finding[]) => list.map((f) => `${f.level} ${f.name}: ${f.detail}`);

describe("Supabase database linter (splinter) on the migrated schema [postgres15]", () => {
  it("ran its lints (the query works on this schema)", () => {
    // Advisory INFO findings (unused indexes on a fresh database) always exist: proof that it ran.
    expect(findings.length).toBeGreaterThan(0);
  });

  it("reports no ERROR", () => {
    expect(summary(findings.filter((f) => f.level === "ERROR"))).toEqual([]);
  });

  it("reports no SECURITY warning except the public functions kept on purpose (README: Security)", () => {
    const security = findings.filter((f) => f.level !== "INFO" && f.categories.includes("SECURITY"));
    const unexpected = security.filter((f) => !KEPT_ON_PURPOSE[f.name]?.includes(f.metadata?.name ?? ""));
    expect(summary(unexpected)).toEqual([]);
  });

  it("reports no other warning either", () => {
    expect(summary(findings.filter((f) => f.level === "WARN" && !f.categories.includes("SECURITY")))).toEqual([]);
  });

  it("the README lists every function kept on purpose", async () => {
    const readme = await readFile(new URL("../../README.md", import.meta.url), "utf8");
    const kept = [...new Set(Object.values(KEPT_ON_PURPOSE).flat())];
    expect(kept.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });
});
