// public.member_data_version: the number a member's stored dashboard is keyed by (server/page-cache.ts).
// Every write to what a dashboard shows must move it, whoever writes; a sign-in, a catalogue write
// or a rolled-back write must not; nobody but its triggers writes it.
import { expect, it } from "vitest";
import { describeEngines } from "./engines";
import { counterVersion, expectQuietAndServerOnly } from "./version-counters";

/** Each table a dashboard reads, with a column a no-op update may set (statement triggers fire for 0 rows too). */
const DASHBOARD_TABLES: [table: string, column: string][] = [
  ["orders", "status"],
  ["order_items", "quantity"],
  ["event_bookings", "notes"],
  ["invoices", "number"],
  ["invoice_correction_lines", "quantity"],
  ["profiles", "first_name"],
  ["memberships", "plan"],
  ["membership_plans", "name"],
  ["contract_cancellations", "created_at"],
];

describeEngines("member data version", (engine) => {
  const version = () => counterVersion(engine(), "member_data_version");

  it("moves with every write to a table the dashboard shows", async () => {
    for (const [table, column] of DASHBOARD_TABLES) {
      const before = await version();
      await engine().query(`update public.${table} set ${column} = ${column} where false`);
      expect(await version(), table).toBe(before + 1);
    }
  });

  it("moves when an account's address is changed or confirmed, not for a sign-in", async () => {
    const user = await engine().createUser(`member-data-${Date.now()}@example.com`);
    const start = await version();
    await engine().query("update auth.users set last_sign_in_at = now() where id = $1", [user]);
    expect(await version()).toBe(start);
    // (Other triggers may write more of the account's rows with it: at least one step each.)
    await engine().query("update auth.users set email_confirmed_at = now() where id = $1", [user]);
    const confirmed = await version();
    expect(confirmed).toBeGreaterThan(start);
    await engine().query("update auth.users set email = $2 where id = $1", [user, `neu-${Date.now()}@example.com`]);
    expect(await version()).toBeGreaterThan(confirmed);
  });

  it("stays for catalogue writes and rolled-back writes; a member cannot write it", () =>
    expectQuietAndServerOnly(engine(), "member_data_version", "update public.products set title = title"));
});
