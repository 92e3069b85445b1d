import { createCookie } from "react-router";
import { z } from "zod";
import { sameAddress } from "~/lib/declaration-receipt";
import { cookieDefaults } from "~/server/members/session.server";

/**
 * Names and e-mail typed on /join, carried to sign-up and the checkout form (not in the URL:
 * personal data). The checkout takes only the names: its e-mail is the account's.
 */
const prefillSchema = z.object({
  firstName: z.string().max(100),
  lastName: z.string().max(100),
  email: z.string().max(254),
  /** The account signed in when they were typed (none: a visitor, who is known by `email`). */
  userId: z.string().max(64).optional(),
});
export type CheckoutPrefill = z.infer<typeof prefillSchema>;

function prefillCookie() {
  return createCookie("checkout_prefill", { ...cookieDefaults(), maxAge: 60 * 60 });
}

export async function readPrefill(request: Request): Promise<CheckoutPrefill | null> {
  const parsed = prefillSchema.safeParse(await prefillCookie().parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

/**
 * The names typed on /join, for the checkout of `account`: only when they are this account's,
 * typed while it was signed in, or by a visitor with its address who then signed up or in.
 * Someone else who signs in on the same browser within the hour gets their own profile's names.
 */
export async function readPrefillFor(
  request: Request,
  account: { id: string; email: string },
): Promise<CheckoutPrefill | null> {
  const prefill = await readPrefill(request);
  if (!prefill) return null;
  const theirs = prefill.userId ? prefill.userId === account.id : sameAddress(prefill.email, account.email);
  return theirs ? prefill : null;
}

export const serializePrefill = (value: CheckoutPrefill) => prefillCookie().serialize(value);
export const clearPrefill = () => prefillCookie().serialize("", { maxAge: 0 });
