import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asService, closeMemoryDatabase, openMemoryDatabase } from "~/server/db/fixtures/memory-database";

/**
 * The local provider's change of the sign-in address in a real PGlite: a link to the new address and
 * a notice to the current one; the address changes only when the link is used, once; an address that
 * has an account is never taken over, and the form does not tell that it has one.
 */
beforeAll(() => openMemoryDatabase({ ARGON2_FAST: "true", SMTP_URL: undefined }), 180_000);
afterAll(closeMemoryDatabase);

const PASSWORD = "aendern-passwort-123";

async function account(email: string) {
  const { createUser } = await import("~/server/members/accounts.server");
  const id = await createUser({ email, password: PASSWORD, emailConfirmed: true });
  return { id, email };
}

/** The mails queued to `to`, newest last: subject and text (a link's token is in the text). */
const mailsTo = (to: string) =>
  asService(async (tx) => {
    const { rows } = await sql<{ subject: string; text_body: string }>`
      select subject, text_body from public.mail_outbox where to_address = ${to} order by created_at, id`.execute(tx);
    return rows;
  });

const tokenIn = (text: string) => /\/account\/email\/bestaetigen\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

const accountEmail = (id: string) =>
  asService(async (tx) => {
    const user = await tx
      .selectFrom("auth.users")
      .select(["email", "email_confirmed_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const profile = await tx.selectFrom("profiles").select("email").where("id", "=", id).executeTakeFirst();
    return { email: user.email, confirmed: user.email_confirmed_at !== null, profile: profile?.email ?? null };
  });

describe("changing the sign-in address (local provider)", () => {
  it("mails a link to the new address and a notice to the current one; the link makes the change once", async () => {
    const { requestLocalEmailChange, isEmailChangeUsable, changeEmailWithToken, pendingLocalEmailChange } =
      await import("~/server/members/email-change.server");
    const { startLocalPasswordReset } = await import("~/server/members/password-reset.server");
    const user = await account("wechsel-alt@example.com");
    // A reset link still open for the old address: it must stop working with the change.
    await startLocalPasswordReset(user.email);

    expect(await requestLocalEmailChange(user, " Wechsel-Neu@Example.com ")).toBe("sent");
    const [link] = await mailsTo("wechsel-neu@example.com");
    expect(link?.subject).toBe("Bitte bestätige deine neue E-Mail-Adresse – BeHappy");
    const token = tokenIn(link!.text_body);
    expect(token).toBeTruthy();
    const notice = (await mailsTo(user.email)).find((mail) => mail.subject.includes("soll geändert werden"));
    expect(notice?.text_body).toContain("wechsel-neu@example.com");
    expect(notice?.text_body).toContain("/auth/forgot");
    // Nothing changes before the link is used; the account page says what waits, and until when.
    expect(await accountEmail(user.id)).toMatchObject({ email: user.email, profile: user.email });
    const pending = await pendingLocalEmailChange(user.id);
    expect(pending?.email).toBe("wechsel-neu@example.com");
    const hours = (Date.parse(pending!.until!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(await isEmailChangeUsable(token)).toBe(true);

    expect(await changeEmailWithToken(token)).toEqual({ changed: true, email: "wechsel-neu@example.com" });
    // The profile's copy follows (trigger), the address counts as confirmed (the link proved it).
    expect(await accountEmail(user.id)).toEqual({
      email: "wechsel-neu@example.com",
      confirmed: true,
      profile: "wechsel-neu@example.com",
    });
    // Once only; and no link of the old address works any more.
    expect(await isEmailChangeUsable(token)).toBe(false);
    expect(await changeEmailWithToken(token)).toEqual({ changed: false, reason: "invalid" });
    const open = await asService((tx) =>
      tx
        .selectFrom("auth.one_time_tokens")
        .select("id")
        .where("user_id", "=", user.id)
        .where("used_at", "is", null)
        .execute(),
    );
    expect(open).toEqual([]);
    expect(await pendingLocalEmailChange(user.id)).toBeNull();
  });

  it("an address with an account: the same answer and waiting state, its owner is told, no link is mailed", async () => {
    const { requestLocalEmailChange, pendingLocalEmailChange } = await import("~/server/members/email-change.server");
    const owner = await account("schon-vergeben@example.com");
    const user = await account("moechte-wechseln@example.com");
    expect(await requestLocalEmailChange(user, owner.email)).toBe("sent");
    const toOwner = await mailsTo(owner.email);
    expect(toOwner.map((mail) => mail.subject)).toEqual(["Jemand wollte deine E-Mail-Adresse verwenden – BeHappy"]);
    expect(tokenIn(toOwner[0]!.text_body)).toBeUndefined();
    // The account page shows the change as waiting, as for a free address: it tells nobody who has an account.
    expect((await pendingLocalEmailChange(user.id))?.email).toBe(owner.email);
    expect(await accountEmail(user.id)).toMatchObject({ email: user.email });
    expect(await accountEmail(owner.id)).toMatchObject({ email: owner.email });
  });

  it("an address that got an account after the link was sent is not taken over", async () => {
    const { requestLocalEmailChange, changeEmailWithToken } = await import("~/server/members/email-change.server");
    const user = await account("zu-spaet-alt@example.com");
    await requestLocalEmailChange(user, "zu-spaet-neu@example.com");
    const token = tokenIn((await mailsTo("zu-spaet-neu@example.com"))[0]!.text_body);
    await account("zu-spaet-neu@example.com");
    expect(await changeEmailWithToken(token)).toEqual({ changed: false, reason: "taken" });
    expect(await accountEmail(user.id)).toMatchObject({ email: user.email });
  });

  it("a new password, by reset or change, withdraws a change still waiting for its link", async () => {
    const { requestLocalEmailChange, changeEmailWithToken, pendingLocalEmailChange } =
      await import("~/server/members/email-change.server");
    const { startLocalPasswordReset, finishLocalPasswordReset } =
      await import("~/server/members/password-reset.server");
    const { localProvider } = await import("~/server/members/local-provider.server");

    // Reset: the owner follows the notice ("Warst du das nicht? …") and sets a new password.
    const owner = await account("uebernahme-alt@example.com");
    await requestLocalEmailChange(owner, "angreifer@example.com");
    const stolen = tokenIn((await mailsTo("angreifer@example.com"))[0]!.text_body);
    await startLocalPasswordReset(owner.email);
    const resetToken = /\/auth\/reset\?token=([A-Za-z0-9_-]+)/.exec(
      (await mailsTo(owner.email)).find((mail) => mail.text_body.includes("/auth/reset?token="))!.text_body,
    )?.[1];
    expect(await finishLocalPasswordReset(resetToken, "ganz-neues-passwort-1")).toBe(owner.email);
    // The owner is told, as after a change in the account area.
    expect((await mailsTo(owner.email)).map((mail) => mail.subject)).toContain(
      "Dein Passwort wurde geändert – BeHappy",
    );
    expect(await pendingLocalEmailChange(owner.id)).toBeNull();
    expect(await changeEmailWithToken(stolen)).toEqual({ changed: false, reason: "invalid" });
    expect(await accountEmail(owner.id)).toMatchObject({ email: owner.email });

    // Change in the account area: the same.
    const other = await account("uebernahme-zwei@example.com");
    await requestLocalEmailChange(other, "angreifer-zwei@example.com");
    const second = tokenIn((await mailsTo("angreifer-zwei@example.com"))[0]!.text_body);
    const request = new Request("http://localhost/account/password", { method: "POST" });
    await localProvider.changePassword(request, other, PASSWORD, "ganz-neues-passwort-2");
    expect(await changeEmailWithToken(second)).toEqual({ changed: false, reason: "invalid" });
    expect(await accountEmail(other.id)).toMatchObject({ email: other.email });
  });

  it("sends at most three links an hour to one new address; beyond that nothing is queued", async () => {
    const { requestLocalEmailChange } = await import("~/server/members/email-change.server");
    const user = await account("grenze-alt@example.com");
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await requestLocalEmailChange(user, "grenze-neu@example.com"));
    expect(answers).toEqual(["sent", "sent", "sent", "limited"]);
    expect(await mailsTo("grenze-neu@example.com")).toHaveLength(3);
    // Only the newest link works.
    const tokens = (await mailsTo("grenze-neu@example.com")).map((mail) => tokenIn(mail.text_body));
    const { isEmailChangeUsable } = await import("~/server/members/email-change.server");
    expect(await Promise.all(tokens.map((token) => isEmailChangeUsable(token)))).toEqual([false, false, true]);
  });
});
