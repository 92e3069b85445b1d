// SQL functions and insert-time checks of the account, the newsletter, contact and withdrawal
// forms, on both engines.
import { createHash, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEngines, errorOf, uniqueEmail } from "./engines";
import { CUSTOMER, placeOrder, PRODUCT } from "./orders-fixtures";

describeEngines("is_admin, rate_limit_hit, newsletter, contact", (engine) => {
  let admin: string;
  let user: string;
  beforeAll(async () => {
    admin = await engine().createUser(uniqueEmail("admin"));
    user = await engine().createUser(uniqueEmail("user"));
    await engine().makeAdmin(admin);
  });

  describe("is_admin", () => {
    it("answers for the caller only (service_role for anyone), false for NULL, and not callable by anon", async () => {
      const check = (viewer: string | null, target: string | null) =>
        engine()
          .asViewer(viewer ? "authenticated" : "anon", viewer)
          .query<{ v: boolean }>("select public.is_admin($1::uuid) as v", [target])
          .then((r) => r.rows[0].v);
      expect(await check(admin, admin)).toBe(true);
      expect(await check(user, user)).toBe(false);
      // A member cannot learn whether another user id is an admin.
      expect(await check(user, admin)).toBe(false);
      expect(await check(user, null)).toBe(false);
      expect((await errorOf(check(null, admin))).code).toBe("42501");
      const asServer = await engine()
        .asViewer("service_role")
        .query<{ v: boolean }>("select public.is_admin($1::uuid) as v", [admin]);
      expect(asServer.rows[0].v).toBe(true);
    });
  });

  describe("rate_limit_hit", () => {
    it("allows p_max hits per window, then denies with retry_after; service_role only", async () => {
      const key = `test:${randomUUID()}`;
      const hit = () =>
        engine()
          .asViewer("service_role")
          .query<{ allowed: boolean; retry_after_seconds: number }>("select * from public.rate_limit_hit($1, 60, 3)", [
            key,
          ])
          .then((r) => r.rows[0]);
      for (let i = 0; i < 3; i++) expect(await hit()).toEqual({ allowed: true, retry_after_seconds: 0 });
      const denied = await hit();
      expect(denied.allowed).toBe(false);
      expect(denied.retry_after_seconds).toBeGreaterThanOrEqual(1);
      expect(denied.retry_after_seconds).toBeLessThanOrEqual(60);
      // One row per key and window.
      expect(await engine().query("select hits from public.rate_limits where key = $1", [key])).toEqual([{ hits: 4 }]);

      const asUser = engine().asViewer("authenticated", user).query("select * from public.rate_limit_hit('x', 60, 3)");
      expect((await errorOf(asUser)).code).toBe("42501");
      const asAnon = engine().asViewer("anon").query("select * from public.rate_limit_hit('x', 60, 3)");
      expect((await errorOf(asAnon)).code).toBe("42501");
      const invalid = engine().asViewer("service_role").query("select * from public.rate_limit_hit('x', 0, 3)");
      expect((await errorOf(invalid)).code).toBe("22023");
    });
  });

  describe("newsletter", () => {
    const confirmToken = `confirm-${"c".repeat(40)}`;
    const unsubscribeToken = `unsubscribe-${"u".repeat(40)}`;
    const email = "Leser@Example.com";
    const sha256 = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
    const subscribe = (address: string, confirm = confirmToken, unsubscribe = unsubscribeToken) =>
      engine()
        .asViewer("service_role")
        .query<{ previous_status: string; stored_email: string }>(
          "select * from public.subscribe_newsletter($1, 'Lisa', '', 'Ja, ich möchte den Newsletter erhalten.', $2, $3)",
          [address, confirm, unsubscribe],
        )
        .then((r) => r.rows[0].previous_status);

    it("only the server subscribes (service_role); the database stores hashes it computed itself", async () => {
      expect(await subscribe(email)).toBe("new");
      expect(
        await engine().query(
          "select status, confirmed_at, last_name, confirm_token_hash, unsubscribe_token_hash from public.newsletter_subscriptions where email = $1",
          [email],
        ),
      ).toEqual([
        {
          status: "pending",
          confirmed_at: null,
          last_name: null,
          confirm_token_hash: sha256(confirmToken),
          unsubscribe_token_hash: sha256(unsubscribeToken),
        },
      ]);
      // A second request for the address (any case) says what it was; the table keeps one row.
      const again = `confirm-${"d".repeat(40)}`;
      expect(await subscribe(email.toLowerCase(), again)).toBe("pending");
      // Mails go to the address as it was first stored, whatever case was typed later.
      const stored = await engine()
        .asViewer("service_role")
        .query<{ stored_email: string }>(
          "select stored_email from public.subscribe_newsletter($1, '', '', 'Ja', $2, $2)",
          [email.toUpperCase(), again],
        );
      expect(stored.rows[0].stored_email).toBe(email);
      expect(
        await engine().query("select confirm_token_hash from public.newsletter_subscriptions where lower(email) = $1", [
          email.toLowerCase(),
        ]),
      ).toEqual([{ confirm_token_hash: sha256(again) }]);
      await subscribe(email, confirmToken); // the newest link is the mailed one again
      for (const role of ["anon", "authenticated"] as const) {
        const call = engine()
          .asViewer(role, role === "authenticated" ? user : null)
          .query("select public.subscribe_newsletter('x@example.com', '', '', 'Ja', $1, $1)", ["t".repeat(40)]);
        expect((await errorOf(call)).code, role).toBe("42501");
      }
      expect((await errorOf(subscribe(uniqueEmail(), "short"))).code).toBe("22023");
    });

    it("anon cannot insert a row, so no subscription carries a token hash of the caller's choosing", async () => {
      for (const role of ["anon", "authenticated"] as const) {
        const insert = engine()
          .asViewer(role, role === "authenticated" ? user : null)
          .query(
            "insert into public.newsletter_subscriptions (email, consent_text, confirm_token_hash, unsubscribe_token_hash) values ($1, 'Ja', $2, $3)",
            [uniqueEmail(), sha256("chosen-token-chosen-token"), sha256("chosen-token-2-chosen-token")],
          );
        expect((await errorOf(insert)).code, role).toBe("42501");
      }
    });

    it("confirm and unsubscribe take the mailed token (not its hash), idempotently", async () => {
      const call = (fn: string, token: string) =>
        engine()
          .asViewer("anon")
          .query<{ ok: boolean }>(`select public.${fn}($1) as ok`, [token])
          .then((r) => r.rows[0].ok);
      // The stored hash (what an admin or a leaked table shows) does not confirm anything.
      expect(await call("confirm_newsletter", sha256(confirmToken))).toBe(false);
      expect(await call("confirm_newsletter", "x".repeat(64))).toBe(false);
      expect(await call("confirm_newsletter", "")).toBe(false);
      expect(await call("confirm_newsletter", confirmToken)).toBe(true);
      expect(await call("confirm_newsletter", confirmToken)).toBe(true);
      const [row] = await engine().query<{ status: string; confirmed_at: Date | null }>(
        "select status, confirmed_at from public.newsletter_subscriptions where email = $1",
        [email],
      );
      expect(row.status).toBe("subscribed");
      expect(row.confirmed_at).toBeInstanceOf(Date);
      // A subscribed address stays as it is; the server mails a notice instead of a link.
      expect(await subscribe(email, `confirm-${"e".repeat(40)}`, `unsubscribe-${"e".repeat(40)}`)).toBe("subscribed");
      expect(await call("unsubscribe_newsletter", sha256(unsubscribeToken))).toBe(false);
      expect(await call("unsubscribe_newsletter", unsubscribeToken)).toBe(true);
      expect(await call("unsubscribe_newsletter", "y".repeat(64))).toBe(false);
      // An old confirmation link does not re-subscribe.
      expect(await call("confirm_newsletter", confirmToken)).toBe(false);
      expect(
        await engine().query("select status from public.newsletter_subscriptions where email = $1", [email]),
      ).toEqual([{ status: "unsubscribed" }]);
    });

    it("checks e-mail shape and lengths", async () => {
      const tokens = [`a${"1".repeat(40)}`, `b${"2".repeat(40)}`];
      const call = (address: string, first: string) =>
        engine()
          .asViewer("service_role")
          .query("select public.subscribe_newsletter($1, $2, '', 'Ja', $3, $4)", [address, first, ...tokens]);
      expect((await errorOf(call("kein-at.de", ""))).code).toBe("23514");
      expect((await errorOf(call(`${"a".repeat(250)}@x.de`, ""))).code).toBe("23514");
      expect((await errorOf(call(uniqueEmail(), "x".repeat(101)))).code).toBe("23514");
    });
  });

  describe("contact_messages", () => {
    const send = (values: Record<string, unknown>, viewer: string | null = null) => {
      const columns = Object.keys(values);
      return engine()
        .asViewer(viewer ? "authenticated" : "anon", viewer)
        .query(
          `insert into public.contact_messages (${columns.join(", ")}) values (${columns.map((_, i) => `$${i + 1}`).join(", ")})`,
          Object.values(values),
        );
    };
    const valid = {
      name: "Jonas Wolf",
      email: "jonas@example.com",
      phone: null,
      message: "Wann startet der nächste Kurs?",
    };

    it("visitors and users send messages that start as 'new'", async () => {
      await send(valid);
      await send({ ...valid, phone: "+49 30 123456" }, user);
      expect(
        await engine().query("select status from public.contact_messages where email = $1", [valid.email]),
      ).toEqual([{ status: "new" }, { status: "new" }]);
    });

    it("forces status and checks e-mail shape, phone and lengths (23514)", async () => {
      expect((await errorOf(send({ ...valid, status: "read" }))).code).toBe("42501");
      expect((await errorOf(send({ ...valid, email: "jonas@localhost" }))).code).toBe("23514");
      expect((await errorOf(send({ ...valid, phone: "" }))).code).toBe("23514"); // empty must be NULL
      expect((await errorOf(send({ ...valid, name: "n".repeat(101) }))).code).toBe("23514");
      expect((await errorOf(send({ ...valid, name: "  " }))).code).toBe("23514");
      expect((await errorOf(send({ ...valid, message: "m".repeat(5001) }))).code).toBe("23514");
      await send({ ...valid, message: "m".repeat(5000) });
    });
  });

  describe("file_withdrawal (supabase/migrations/20261123120000_withdrawals.sql)", () => {
    it("links the order only when order number and e-mail match; anon may file and learns nothing about orders", async () => {
      const id = await placeOrder(engine(), user, randomUUID(), [
        { item_id: PRODUCT, item_type: "product", quantity: 1 },
      ]);
      const file = (reference: string, email: string) =>
        engine()
          .asViewer("anon")
          .query("select * from public.file_withdrawal('Mia Schulz', $1, $2, null)", [email, reference])
          .then((r) => r.rows[0]);
      const matching = await file(id.slice(0, 8).toLowerCase(), CUSTOMER.email.toUpperCase());
      const other = await file(id.slice(0, 8), "someone@example.com");
      // The same receipt either way (no oracle for "do name and e-mail match an order").
      expect(Object.keys(matching).sort()).toEqual(["created_at", "id"]);
      expect(Object.keys(other).sort()).toEqual(["created_at", "id"]);
      // The link is stored for admins.
      const stored = await engine().query<{ order_id: string | null }>(
        "select order_id from public.withdrawals where order_id is not null",
      );
      expect(stored.map((r) => r.order_id)).toEqual([id]);
      const mine = await engine().asViewer("authenticated", user).query("select 1 from public.withdrawals");
      expect(mine.rowCount).toBe(1); // the customer sees the linked one only
    });
  });
});
