import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/cart";
import { buttonClass, Button } from "~/components/ui/button";
import { FormNotice } from "~/components/form-notice";
import { CartLineRow } from "~/components/cart/cart-line-row";
import { formatPrice } from "~/lib/format";
import { cartTotal, itemCount, MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/lib/cart";
import { cartActionSchema } from "~/lib/schemas/cart";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { getAuth } from "~/server/auth/auth.server";
import { applyCartAction, type Toast } from "~/server/cart/cart-actions.server";
import { readCart, serializeCart } from "~/server/cart/cart-cookie.server";
import { withViewer } from "~/server/db/db.server";
import { resolveCartFromCatalog } from "~/server/queries/cart.server";
import {
  dataWithError,
  dataWithInfo,
  dataWithSuccess,
  redirectWithError,
  redirectWithInfo,
  redirectWithSuccess,
} from "~/server/toast.server";

export const meta: Route.MetaFunction = () => [
  { title: "Warenkorb – BeHappy" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const lines = await readCart(request);
  // From the catalogue snapshot: the page view costs no query (issue 19).
  const { resolved, missing } = await resolveCartFromCatalog(lines);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  // Items deleted from the catalogue leave the cart, and the page says so.
  if (missing.length > 0) headers.append("Set-Cookie", await serializeCart(lines.filter((l) => !missing.includes(l))));
  return data(
    {
      lines: resolved,
      removedCount: missing.length,
      total: cartTotal(resolved.map((l) => ({ price: l.unitPrice, quantity: l.quantity }))),
      count: itemCount(resolved),
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  // Script-enhanced controls ask for data instead of a redirect (they stay on their page).
  const wantsData = formData.get("_js") === "1";
  const redirectTo = safeRedirectPath(formData.get("redirectTo"), "/cart");
  const submission = parseWithZod(formData, { schema: cartActionSchema });

  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? "Bitte versuche es erneut.";
    const toast: Toast = { type: "error", message: "Warenkorb nicht geändert", description: first ?? undefined };
    return wantsData ? dataWithError({ ok: false }, toast, { status: 400 }) : redirectWithError(redirectTo, toast);
  }

  const lines = await readCart(request);
  const outcome = await withViewer(getAuth(context).viewer, (tx) => applyCartAction(tx, lines, submission.value));
  const headers = { "Set-Cookie": await serializeCart(outcome.lines) };
  const init = { headers, status: outcome.ok ? 200 : 400 };
  const toast = outcome.toast;
  if (!toast) return wantsData ? data({ ok: outcome.ok }, { headers }) : redirect(redirectTo, { headers });
  if (wantsData) {
    const send = toast.type === "error" ? dataWithError : toast.type === "info" ? dataWithInfo : dataWithSuccess;
    return send({ ok: outcome.ok }, toast, init);
  }
  const go =
    toast.type === "error" ? redirectWithError : toast.type === "info" ? redirectWithInfo : redirectWithSuccess;
  return go(redirectTo, toast, { headers });
}

export default function CartPage() {
  const { lines, total, count, removedCount } = useLoaderData<typeof loader>();

  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold">Warenkorb</h1>
      {removedCount > 0 ? (
        <FormNotice
          tone="info"
          message="Dein Warenkorb wurde aktualisiert"
          description={
            removedCount === 1
              ? "Ein Artikel ist nicht mehr im Angebot und wurde aus deinem Warenkorb entfernt."
              : `${removedCount} Artikel sind nicht mehr im Angebot und wurden aus deinem Warenkorb entfernt.`
          }
        />
      ) : null}

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
            <div className="rounded-xl bg-muted p-6 sm:min-w-72">
              <dl className="space-y-2">
                <div className="flex justify-between">
                  <dt>
                    Zwischensumme ({count} {count === 1 ? "Artikel" : "Artikel"})
                  </dt>
                  <dd>{formatPrice(total)}</dd>
                </div>
                <div className="flex justify-between text-lg font-bold">
                  <dt>Gesamt</dt>
                  <dd data-testid="cart-total">{formatPrice(total)}</dd>
                </div>
              </dl>
              <Link to="/checkout" className={buttonClass("default", "default", "mt-6 w-full")}>
                Zur Kasse
              </Link>
            </div>
          </div>
        </>
      )}
    </section>
  );
}
