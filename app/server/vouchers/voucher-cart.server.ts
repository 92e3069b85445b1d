import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { sql } from "kysely";
import { createContext, createCookie, data } from "react-router";
import { redeemVoucherSchema } from "~/lib/schemas/voucher";
import { formatPrice } from "~/lib/format";
import type { ResolvedLine } from "~/server/cart/cart.server";
import { resolveCart } from "~/server/cart/cart.server";
import { readCart } from "~/server/cart/cart-cookie.server";
import { withViewer, type Tx, type Viewer } from "~/server/db/db.server";
import { redirectWithSuccess } from "~/server/http/toast.server";
import { ipLimitRefusal } from "~/server/http/rate-limit.server";
import { cookieDefaults } from "~/server/members/session.server";
import { getMyMembership } from "~/server/members/memberships.server";

/**
 * The code a cart redeems travels beside the cart: a signed cookie of its own, so the cart's lines
 * (and the browser's copy of them) keep their shape. It holds the code only; what it is worth is
 * asked again on every page (voucher_preview) and decided by place_order.
 */
let cookie: ReturnType<typeof createCookie> | undefined;
function voucherCookie() {
  cookie ??= createCookie("cart_voucher", { ...cookieDefaults(), maxAge: 60 * 60 * 24 * 30 });
  return cookie;
}

export async function readVoucherCode(request: Request): Promise<string | null> {
  const value: unknown = await voucherCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 && value.length <= 32 ? value : null;
}

export function serializeVoucherCode(code: string | null) {
  return code ? voucherCookie().serialize(code) : voucherCookie().serialize("", { maxAge: 0 });
}

export type VoucherQuote = { ok: true; code: string; discount: number } | { ok: false; code: string; error: string };

/** What the code is worth on these lines for this viewer now, or the German reason it is not. */
export async function quoteVoucher(tx: Tx, code: string, lines: ResolvedLine[]): Promise<VoucherQuote> {
  const types = lines.map((l) => (l.isMembership ? "membership" : l.itemType));
  const amounts = lines.map((l) => l.lineTotal);
  const { rows } = await sql<{ q: { error?: string; code?: string; discount?: number } }>`
    select public.voucher_preview(${code}, ${types}::text[], ${amounts}::numeric[]) as q`.execute(tx);
  const q = rows[0].q;
  return q.error !== undefined
    ? { ok: false, code, error: q.error }
    : { ok: true, code: q.code ?? code, discount: Number(q.discount ?? 0) };
}

/** The cart's sums with the code's discount as its own line (shipping is never discounted). */
export function withDiscount<S extends { total: number }>(sums: S, quote: VoucherQuote | null) {
  const discount = quote?.ok ? quote.discount : 0;
  return { ...sums, discount, total: Math.round((sums.total - discount) * 100) / 100 };
}

export const isVoucherIntent = (formData: FormData) => String(formData.get("intent") ?? "").startsWith("voucher-");

/** The outcome of "Gutscheincode einlösen" / "Gutschein entfernen": the code's cookie, or the reason. */
type VoucherAnswer =
  | { ok: true; code: string | null; setCookie: string; message: string; description?: string }
  | { ok: false; reply: SubmissionResult<string[]>; init: ResponseInit };

async function redeemOrRemove(
  formData: FormData,
  request: Request,
  context: Parameters<typeof ipLimitRefusal>[1],
  viewer: Viewer,
): Promise<VoucherAnswer> {
  if (formData.get("intent") === "voucher-remove") {
    return { ok: true, code: null, setCookie: await serializeVoucherCode(null), message: "Gutschein entfernt" };
  }
  const submission = parseWithZod(formData, { schema: redeemVoucherSchema });
  // Over the limit the page comes back as typed, with the wait at the code's field.
  const limited = await ipLimitRefusal("voucherPerIp", context);
  if (limited)
    return { ok: false, reply: submission.reply({ fieldErrors: { code: [limited.message] } }), init: limited.init };
  if (submission.status !== "success") return { ok: false, reply: submission.reply(), init: { status: 400 } };
  const code = submission.value.code;
  const lines = await readCart(request);
  const quote = await withViewer(viewer, async (tx) => {
    const membership = viewer.role === "authenticated" ? await getMyMembership(tx) : null;
    const { resolved } = await resolveCart(tx, lines, membership);
    return quoteVoucher(tx, code, resolved);
  });
  if (!quote.ok) {
    return { ok: false, reply: submission.reply({ fieldErrors: { code: [quote.error] } }), init: { status: 400 } };
  }
  return {
    ok: true,
    code: quote.code,
    setCookie: await serializeVoucherCode(quote.code),
    message: "Gutschein eingelöst",
    description: `${quote.code}: ${formatPrice(quote.discount)} Rabatt.`,
  };
}

/**
 * "Gutscheincode einlösen" and "Gutschein entfernen" in the cart: a code that applies is kept in its
 * cookie and the page loads again with the discount (PRG, with a toast); one that does not is
 * answered with the German reason next to the field, the typed code kept, the cart as it was.
 */
export async function answerVoucherIntent(
  formData: FormData,
  request: Request,
  context: Parameters<typeof ipLimitRefusal>[1],
  viewer: Viewer,
  page: string,
) {
  const answer = await redeemOrRemove(formData, request, context, viewer);
  if (!answer.ok) return data({ voucher: answer.reply }, answer.init);
  const { message, description } = answer;
  return redirectWithSuccess(page, { message, description }, { headers: { "Set-Cookie": answer.setCookie } });
}

/** The code this request's own action just kept or removed, for the loader that runs after it. */
const justChangedCode = createContext<{ code: string | null } | null>(null);

/**
 * The same at the checkout, whose voucher buttons belong to the order form: they send the whole
 * form, and the answer is the page again (no redirect), with what was typed in it. So nothing typed
 * is lost without JavaScript either. The loader of this request reads the new code (`voucherCodeOf`).
 */
export async function answerCheckoutVoucherIntent(
  formData: FormData,
  request: Request,
  context: Parameters<typeof ipLimitRefusal>[1],
  viewer: Viewer,
) {
  const answer = await redeemOrRemove(formData, request, context, viewer);
  if (!answer.ok) return { ok: false as const, reply: answer.reply, init: answer.init };
  context.set(justChangedCode, { code: answer.code });
  return {
    ok: true as const,
    notice: answer.description ? `${answer.message} – ${answer.description}` : answer.message,
    init: { status: 200, headers: { "Set-Cookie": answer.setCookie } },
  };
}

/** The redeemed code: the one this request's action just set, else the cookie's. */
export async function voucherCodeOf(request: Request, context: Parameters<typeof ipLimitRefusal>[1]) {
  const changed = context.get(justChangedCode);
  return changed ? changed.code : readVoucherCode(request);
}
