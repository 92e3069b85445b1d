import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useActionData, useLoaderData, type ShouldRevalidateFunction } from "react-router";
import { redirectTargetOf } from "~/server/http/redirect-target.server";
import type { Route } from "./+types/cart";
import { buttonClass, Button } from "~/components/ui/button";
import { FormNotice } from "~/components/form-notice";
import { RemovedItemsNotice } from "~/components/cart/cart-notices";
import { CartLineRow } from "~/components/cart/cart-line-row";
import { useFocusAfterRemove } from "~/components/cart/use-focus-after-remove";
import { formatPrice } from "~/lib/format";
import { PriceTerms } from "~/components/catalog/price-terms";
import { itemCount, MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/lib/cart";
import { cartActionSchema } from "~/lib/schemas/cart";
import { getAuth } from "~/server/members/auth.server";
import { applyCartAction } from "~/server/cart/cart-actions.server";
import { readCart, serializeCart } from "~/server/cart/cart-cookie.server";
import { withViewer } from "~/server/db/db.server";
import { orderSums } from "~/server/orders/shipping.server";
import { cartCatalog, priceCart } from "~/server/cart/cart.server";
import { getMyMembership } from "~/server/members/memberships.server";
import { pricingFor } from "~/server/members/viewer-cache.server";
import { viewerPricing } from "~/lib/membership";
import { dataWithToast, redirectWithToast, type Toast } from "~/server/http/toast.server";
import { cacheHeaders, markSharedWithMembers } from "~/server/http/cache-policy.server";
import { VoucherForm } from "~/components/cart/voucher-form";
import {
  answerVoucherIntent,
  isVoucherIntent,
  quoteVoucher,
  readVoucherCode,
  withDiscount,
} from "~/server/vouchers/voucher-cart.server";

export const meta: Route.MetaFunction = () => [
  { title: "Warenkorb – BeHappy" },
  { name: "robots", content: "noindex" },
];

/**
 * Off the cart page this loader only feeds the cart mirror's fetcher, which reloads by itself when
 * the cart changes: no reload after every other form on the site.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === "/cart" ? defaultShouldRevalidate : false;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, viewer } = getAuth(context);
  // Items and prices from the catalogue snapshot; only a member's own membership is a query.
  const [lines, items, membership, code] = await Promise.all([
    readCart(request),
    cartCatalog(),
    user ? withViewer(viewer, getMyMembership) : null,
    readVoucherCode(request),
  ]);
  const { resolved, missing, memberPrices, memberPricesFromCart } = priceCart(items, lines, membership);
  // A redeemed code is asked again on these lines: the cart may have changed since.
  const voucher =
    code && resolved.length > 0 ? await withViewer(viewer, (tx) => quoteVoucher(tx, code, resolved)) : null;
  const headers = new Headers(cacheHeaders("private"));
  // Items deleted from the catalogue leave the cart, and the page says so.
  if (missing.length > 0) headers.append("Set-Cookie", await serializeCart(lines.filter((l) => !missing.includes(l))));
  // The lines (the page cache keys this page by them) priced for the member's view: the same page
  // for every member of that view with this cart, unless the membership just changed and the view
  // (held in memory for a second or so) does not say so yet.
  else if (user && viewerPricing(membership).memberPrices === (await pricingFor(viewer)).memberPrices)
    markSharedWithMembers(context);
  return data(
    {
      lines: resolved,
      removedCount: missing.length,
      ...withDiscount(orderSums(resolved), voucher),
      voucher,
      count: itemCount(resolved),
      memberPrices,
      memberPricesFromCart,
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  if (isVoucherIntent(formData))
    return answerVoucherIntent(formData, request, context, getAuth(context).viewer, "/cart");
  // Script-enhanced controls ask for data instead of a redirect (they stay on their page).
  const wantsData = formData.get("_js") === "1";
  const redirectTo = redirectTargetOf(formData, "/cart");
  const submission = parseWithZod(formData, { schema: cartActionSchema });

  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? "Bitte versuche es erneut.";
    // Which line's quantity was refused, when it was one: the page has a field per line.
    const title = await lineTitle(request, formData.get("lineId"));
    const description = title ? `Menge für „${title}“: ${first}` : first;
    const toast: Toast = { type: "error", message: "Warenkorb nicht geändert", description };
    return wantsData ? dataWithToast({ ok: false }, toast, { status: 400 }) : redirectWithToast(redirectTo, toast);
  }

  const lines = await readCart(request);
  const outcome = await withViewer(getAuth(context).viewer, (tx) => applyCartAction(tx, lines, submission.value));
  const headers = { "Set-Cookie": await serializeCart(outcome.lines) };
  const init = { headers, status: outcome.ok ? 200 : 400 };
  const toast = outcome.toast;
  if (!toast) return wantsData ? data({ ok: outcome.ok }, { headers }) : redirect(redirectTo, { headers });
  return wantsData ? dataWithToast({ ok: outcome.ok }, toast, init) : redirectWithToast(redirectTo, toast, { headers });
}

/** The title of the cart's line `lineId`, or null (no such line, or not a line's form). */
async function lineTitle(request: Request, lineId: FormDataEntryValue | null) {
  if (typeof lineId !== "string") return null;
  const line = (await readCart(request)).find((l) => l.id === lineId);
  if (!line) return null;
  return (await cartCatalog()).get(`${line.itemType}:${line.itemId}`)?.title ?? null;
}

export default function CartPage() {
  const {
    lines,
    subtotal,
    shipping,
    discount,
    total,
    count,
    removedCount,
    memberPrices,
    memberPricesFromCart,
    voucher,
  } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  useFocusAfterRemove(
    lines.map((l) => l.id),
    "cart-heading",
  );

  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <h1 id="cart-heading" tabIndex={-1} className="text-3xl font-bold focus:outline-none">
        Warenkorb
      </h1>
      <RemovedItemsNotice count={removedCount} />

      {lines.length === 0 ? (
        <div className="mt-10 rounded-xl border border-border p-8 text-center">
          <p className="text-lg font-medium">Dein Warenkorb ist leer.</p>
          <p className="mt-2 text-muted-foreground">Entdecke unsere Angebote:</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/products" className={buttonClass("outline")}>
              Produkte
            </Link>
            <Link to="/events" className={buttonClass("outline")}>
              Veranstaltungen
            </Link>
            <Link to="/courses" className={buttonClass("outline")}>
              Kurse
            </Link>
          </div>
        </div>
      ) : (
        <>
          <ul className="mt-8 divide-y divide-border rounded-xl border border-border" aria-label="Artikel im Warenkorb">
            {lines.map((line) => (
              <CartLineRow key={line.id} line={line} />
            ))}
          </ul>
          {memberPricesFromCart ? (
            <FormNotice
              tone="info"
              message="Community-Preise mit deiner Mitgliedschaft"
              description={`Mit der ${memberPricesFromCart}-Mitgliedschaft in diesem Warenkorb zahlst du für alle Artikel schon in dieser Bestellung den Community-Preis.`}
            />
          ) : memberPrices ? (
            <p className="mt-3 text-sm text-muted-foreground">
              Als Mitglied zahlst du für alle Artikel den Community-Preis.
            </p>
          ) : null}
          <p className="mt-3 text-sm text-muted-foreground">
            Bis zu {MAX_CART_LINES} verschiedene Artikel, je Artikel höchstens {MAX_LINE_QUANTITY} Stück.
          </p>
          <div className="mt-8 flex flex-col gap-6 sm:flex-row sm:items-start sm:justify-between">
            <Form method="post" action="/cart">
              <input type="hidden" name="intent" value="clear" />
              <Button type="submit" variant="ghost">
                Warenkorb leeren
              </Button>
            </Form>
            <div className="rounded-xl bg-muted p-6 sm:min-w-80">
              <dl className="space-y-2">
                <div className="flex justify-between gap-6">
                  <dt>
                    Zwischensumme ({count} {count === 1 ? "Artikel" : "Artikel"})
                  </dt>
                  <dd className="whitespace-nowrap">{formatPrice(subtotal)}</dd>
                </div>
                {discount > 0 && voucher ? (
                  <div className="flex justify-between gap-6" data-testid="cart-discount">
                    <dt>Gutschein {voucher.code}</dt>
                    <dd className="whitespace-nowrap">{formatPrice(-discount)}</dd>
                  </div>
                ) : null}
                {shipping > 0 ? (
                  <div className="flex justify-between gap-6">
                    <dt>Versand</dt>
                    <dd className="whitespace-nowrap">{formatPrice(shipping)}</dd>
                  </div>
                ) : null}
                <div className="flex justify-between gap-6 text-lg font-bold">
                  <dt>Gesamt</dt>
                  <dd data-testid="cart-total" className="whitespace-nowrap">
                    {formatPrice(total)}
                  </dd>
                </div>
                <div className="text-right">
                  <dt className="sr-only">Preisangaben</dt>
                  <dd>
                    <PriceTerms shipped={lines.some((line) => line.shipped)} shippingIncluded />
                  </dd>
                </div>
              </dl>
              <Link to="/checkout" className={buttonClass("default", "default", "mt-6 w-full")}>
                Zur Kasse
              </Link>
            </div>
          </div>
          <VoucherForm
            page="/cart"
            applied={voucher}
            answer={answer && "voucher" in answer ? answer.voucher : undefined}
          />
        </>
      )}
    </section>
  );
}
