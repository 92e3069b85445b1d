import { sql } from "kysely";
import { SERVICE, withViewer, type Tx } from "~/server/db/db.server";
import { hashToken, newToken } from "~/server/newsletter/newsletter.server";

/**
 * The local provider's mailed links (e-mail confirmation, password reset, change of address;
 * Supabase Auth has its own): a random 256-bit token, stored only as its sha-256 hash in
 * auth.one_time_tokens, valid for a while and usable once.
 */
export type OneTimeTokenType = "confirmation_token" | "recovery_token" | "email_change_token_new";

/** A token as a link can carry it: anything else is not looked up at all. */
export function isPlausibleToken(token: string | undefined): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{32,100}$/.test(token);
}

/**
 * A new token for the user, valid `minutes`; only the newest works, so older unused ones are withdrawn.
 * `relatesTo` is what the link is about beyond the user (the new address of a change).
 */
export async function issueOneTimeToken(
  tx: Tx,
  userId: string,
  type: OneTimeTokenType,
  minutes: number,
  relatesTo: string | null = null,
) {
  const token = newToken();
  await tx
    .deleteFrom("auth.one_time_tokens")
    .where("user_id", "=", userId)
    .where("token_type", "=", type)
    .where("used_at", "is", null)
    .execute();
  await tx
    .insertInto("auth.one_time_tokens")
    .values({
      user_id: userId,
      token_type: type,
      token_hash: hashToken(token),
      expires_at: sql<Date>`now() + make_interval(mins => ${minutes})`,
      relates_to: relatesTo,
    })
    .execute();
  return token;
}

/**
 * issueOneTimeToken for the account with the address `email`, in the same statements whether or
 * not there is one: the account is looked up inside the delete and the insert, which change no row
 * for an unknown address. Returns the token and the account's id (null when there is none).
 */
export async function issueOneTimeTokenForEmail(tx: Tx, email: string, type: OneTimeTokenType, minutes: number) {
  const token = newToken();
  const account = tx.selectFrom("auth.users").select("id").where("email", "=", email);
  await tx
    .deleteFrom("auth.one_time_tokens")
    .where("user_id", "in", account)
    .where("token_type", "=", type)
    .where("used_at", "is", null)
    .execute();
  const { rows } = await sql<{ user_id: string }>`
    insert into auth.one_time_tokens (user_id, token_type, token_hash, expires_at)
    select id, ${type}, ${hashToken(token)}, now() + make_interval(mins => ${minutes})
      from auth.users where email = ${email}
    returning user_id`.execute(tx);
  return { token, userId: rows[0]?.user_id ?? null };
}

/** Read-only check for the page a link opens: an unused, unexpired token with this hash? */
export async function isOneTimeTokenUsable(token: string | undefined, type: OneTimeTokenType) {
  if (!isPlausibleToken(token)) return false;
  const row = await withViewer(SERVICE, (tx) =>
    tx
      .selectFrom("auth.one_time_tokens")
      .select("id")
      .where("token_hash", "=", hashToken(token))
      .where("token_type", "=", type)
      .where("used_at", "is", null)
      .where("expires_at", ">", sql<Date>`now()`)
      .executeTakeFirst(),
  );
  return Boolean(row);
}

/**
 * Uses the token once: an atomic UPDATE … WHERE used_at IS NULL, so two parallel requests cannot
 * both win. Returns the token's user (and what it relates to), or null for an unknown, used or
 * expired one.
 */
export async function redeemOneTimeToken(tx: Tx, token: string, type: OneTimeTokenType) {
  const used = await tx
    .updateTable("auth.one_time_tokens")
    .set({ used_at: sql<Date>`now()` })
    .where("token_hash", "=", hashToken(token))
    .where("token_type", "=", type)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning(["user_id", "relates_to"])
    .executeTakeFirst();
  return used?.user_id ? { userId: used.user_id, relatesTo: used.relates_to } : null;
}
