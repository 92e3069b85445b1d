// Hostile input, part 2: the member and admin actions (checkout, dashboard profile and
// registration, account password/delete/export, every admin create/update/delete/toggle, order
// status, contact read), each as the right person, as a member without rights and anonymously,
// with other members' ids (member B's order, order item and profile), nonexistent uuids and
// non-uuids. Same rules as hostile-public.test.ts (no 5xx, German for visible forms, rejected
// batches change no row); fixed seed, printed with the case count.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminForms, memberForms, propertiesOf, type MemberContext } from "./lib/hostile-actions";
import { startHostileEnv, type HostileEnv } from "./lib/hostile-harness";
import { counters, runHostileProperty, SEED } from "./lib/hostile-property";
import { prepareMembers, printCounters } from "./lib/hostile-setup";

let env: HostileEnv;
let context: MemberContext;
const startedAt = performance.now();
const MIN_CASES = 3500;
const DUMMY: MemberContext = {
  anonymous: "",
  member: "",
  admin: "",
  memberWithCart: "",
  checkoutForm: { checkoutToken: "", summary: "" },
  ownOrderItemId: "",
  otherOrderId: "",
  otherOrderItemId: "",
  otherProfileId: "",
};
const SPECS = [...memberForms(DUMMY), ...adminForms(DUMMY)].map((spec) => spec.name);

beforeAll(async () => {
  env = await startHostileEnv();
  context = await prepareMembers(env);
});

afterAll(async () => {
  printCounters("hostile-members", SEED, startedAt);
  await env?.stop();
});

describe("hostile input: member and admin actions", () => {
  SPECS.forEach((name, index) => {
    it(name, async () => {
      const property = propertiesOf([...memberForms(context), ...adminForms(context)])[index]!;
      await runHostileProperty(env, property);
    });
  });

  it("member B's order, booking and profile are untouched, and the server is still up", async () => {
    const order = await env.db.query<{ status: string }>("select status from public.orders where id = $1", [
      context.otherOrderId,
    ]);
    expect(order.rows[0]?.status).toBe("pending");
    const bookings = await env.db.query<{ n: number }>(
      "select count(*)::int as n from public.event_bookings where order_item_id = $1",
      [context.otherOrderItemId],
    );
    expect(bookings.rows[0]?.n).toBe(0);
    expect(counters.cases).toBeGreaterThanOrEqual(MIN_CASES);
    expect((await fetch(`${env.base}/healthz`)).status).toBe(200);
  });
});
