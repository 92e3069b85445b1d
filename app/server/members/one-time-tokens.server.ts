import { sql } from "kysely";
import { SERVICE, withViewer, type Tx } from "~/server/db/db.server";
import { hashToken, newToken } from "~/server/newsletter/newsletter.server";

/**
 * The local provider's mailed links (e-mail confirmation, password reset; Supabase Auth has its
 * own): a random 256-bit token, stored only as its sha-256 hash in auth.one_time_tokens, valid for
 * a while and usable once.
 */
export type OneTimeTokenType = "confirmation_token" | "recovery_token";

/** A token as a link can carry it: anything else is not looked up at all. */
export function isPlausibleToken(token: string | undefined): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{32,100}$/.test(token);
}

/** A new token for the user, valid `minutes`; only the newest works, so older unused ones are withdrawn. */
export async function issueOneTimeToken(tx: Tx, userId: string, type: OneTimeTokenType, minutes: number) {
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
    })
    .execute();
  return token;
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
 * both win. Returns the token's user, or null for an unknown, used or expired one.
 */
export async function redeemOneTimeToken(tx: Tx, token: string, type: OneTimeTokenType) {
  const used = await tx
    .updateTable("auth.one_time_tokens")
    .set({ used_at: sql<Date>`now()` })
    .where("token_hash", "=", hashToken(token))
    .where("token_type", "=", type)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning("user_id")
    .executeTakeFirst();
  return used?.user_id ?? null;
}
