import { parseWithZod } from "@conform-to/zod/v4";
import { sql } from "kysely";
import { createCookie, data } from "react-router";
import { redeemVoucherSchema } from "~/lib/schemas/voucher";
import { formatPrice } from "~/lib/format";
import type { ResolvedLine } from "~/server/cart/cart.server";
import { resolveCart } from "~/server/cart/cart.server";
import { readCart } from "~/server/cart/cart-cookie.server";
import { withViewer, type Tx, type Viewer } from "~/server/db/db.server";
import { redirectWithSuccess } from "~/server/http/toast.server";
import { enforceIpLimit } from "~/server/http/rate-limit.server";
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

/**
 * "Gutscheincode einlösen" and "Gutschein entfernen", from the cart or the checkout (`page`): a
 * code that applies is kept in its cookie and the page loads again with the discount; one that
 * does not is answered with the German reason next to the field, the typed code kept, the cart as
 * it was.
 */
export async function answerVoucherIntent(
  formData: FormData,
  request: Request,
  context: Parameters<typeof enforceIpLimit>[1],
  viewer: Viewer,
  page: string,
) {
  if (formData.get("intent") === "voucher-remove") {
    return redirectWithSuccess(
      page,
      { message: "Gutschein entfernt" },
      { headers: { "Set-Cookie": await serializeVoucherCode(null) } },
    );
  }
  await enforceIpLimit("voucherPerIp", context);
  const submission = parseWithZod(formData, { schema: redeemVoucherSchema });
  if (submission.status !== "success") {
    return data({ voucher: submission.reply() }, { status: 400 });
  }
  const code = submission.value.code;
  const lines = await readCart(request);
  const quote = await withViewer(viewer, async (tx) => {
    const membership = viewer.role === "authenticated" ? await getMyMembership(tx) : null;
    const { resolved } = await resolveCart(tx, lines, membership);
    return quoteVoucher(tx, code, resolved);
  });
  if (!quote.ok) {
    return data({ voucher: submission.reply({ fieldErrors: { code: [quote.error] } }) }, { status: 400 });
  }
  const headers = { "Set-Cookie": await serializeVoucherCode(quote.code) };
  return redirectWithSuccess(
    page,
    { message: "Gutschein eingelöst", description: `${quote.code}: ${formatPrice(quote.discount)} Rabatt.` },
    { headers },
  );
}
