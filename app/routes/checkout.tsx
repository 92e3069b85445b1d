import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useActionData, useLoaderData, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/checkout";
import { fieldProps, textareaProps, usePageForm } from "~/components/conform";
import {
  AddressFields,
  BusinessFields,
  PhoneFields,
  PostalFields,
  type TextFieldMeta,
} from "~/components/address-fields";
import { PriceTerms } from "~/components/catalog/price-terms";
import { FormNotice } from "~/components/form-notice";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { formatPrice } from "~/lib/format";
import { checkoutSchema } from "~/lib/schemas/checkout";
import { getAuth } from "~/server/members/auth.server";
import { readCart, serializeCart } from "~/server/cart/cart-cookie.server";
import { clearPrefill, readPrefillFor } from "~/server/orders/checkout-prefill.server";
import { loadCheckout, ORDER_FAILED, placeCheckoutOrder } from "~/server/orders/place-order.server";
import { withViewer } from "~/server/db/db.server";
import { findOrderByCheckoutToken } from "~/server/orders/orders.server";
import { ipLimitRefusal } from "~/server/http/rate-limit.server";
import { redirectWithError } from "~/server/http/toast.server";
import { cacheHeaders } from "~/server/http/cache-policy.server";
import { VoucherForm } from "~/components/cart/voucher-form";
import { LineUnavailable, RemovedItemsNotice } from "~/components/cart/cart-notices";
import {
  answerCheckoutVoucherIntent,
  isVoucherIntent,
  readVoucherCode,
  serializeVoucherCode,
  voucherCodeOf,
} from "~/server/vouchers/voucher-cart.server";

export const meta: Route.MetaFunction = () => [{ title: "Kasse – BeHappy" }, { name: "robots", content: "noindex" }];

/**
 * An order refused for the cart (an item gone, sold out, no seats: 409) shows the cart as it is now,
 * which React Router skips after an error status unless asked.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

async function guard(request: Request, context: Route.LoaderArgs["context"], resubmittedToken?: unknown) {
  const { user, viewer } = getAuth(context);
  if (!user || viewer.role !== "authenticated") {
    throw await redirectWithError("/auth?redirect=checkout", { message: "Bitte melde dich an, um fortzufahren." });
  }
  const lines = await readCart(request);
  if (typeof resubmittedToken === "string") {
    // A form sent again after its order was placed (back button, reload): show that order, and
    // leave alone whatever the cart holds by now.
    const existing = await withViewer(viewer, (tx) => findOrderByCheckoutToken(tx, resubmittedToken));
    if (existing) throw redirect(`/order-confirmation/${existing}`);
  }
  if (lines.length === 0) {
    throw await redirectWithError("/cart", {
      message: "Warenkorb ist leer",
      description: "Füge Artikel zu deinem Warenkorb hinzu, bevor du zur Kasse gehst.",
    });
  }
  return { user, viewer, lines };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, viewer, lines } = await guard(request, context);
  const code = await voucherCodeOf(request, context);
  const [
    {
      lines: resolved,
      missing,
      shipping,
      discount,
      total,
      voucher,
      summary,
      memberPricesFromCart,
      planChange,
      profile,
    },
    prefill,
  ] = await Promise.all([loadCheckout(viewer, user.id, lines, code), readPrefillFor(request, user)]);
  if (resolved.length === 0) throw redirect("/cart");
  const headers = new Headers(cacheHeaders("private"));
  // Items deleted from the catalogue leave the cart, as on the cart page, so the order can go on.
  if (missing.length > 0) headers.append("Set-Cookie", await serializeCart(lines.filter((l) => !missing.includes(l))));
  return data(
    {
      removedCount: missing.length,
      // One token per rendered form: a double submit or a reload of the POST makes one order.
      checkoutToken: crypto.randomUUID(),
      summary,
      lines: resolved,
      shipping,
      discount,
      total,
      voucher,
      memberPricesFromCart,
      planChange,
      defaults: {
        salutation: profile?.salutation ?? "",
        firstName: prefill?.firstName || profile?.first_name || "",
        lastName: prefill?.lastName || profile?.last_name || "",
        // The account's address, shown read-only: the order's mails go there (placeCheckoutOrder).
        email: user.email,
        street: profile?.street ?? "",
        zipcode: profile?.zipcode ?? "",
        city: profile?.city ?? "",
        country: profile?.country || "Deutschland",
        areacode: profile?.areacode ?? "",
        phone: profile?.phone ?? "",
        mobile: profile?.mobile ?? "",
        company: profile?.company ?? "",
        vatId: profile?.vat_id ?? "",
        notes: "",
        deliveryDifferent: "",
        deliveryName: "",
        deliveryStreet: "",
        deliveryZipcode: "",
        deliveryCity: "",
        deliveryCountry: "Deutschland",
      },
    },
    { headers },
  );
}

/** The intent of Enter in a field of the order form (its hidden first button). */
const ENTER = "enter";
const NOT_ORDERED_YET = {
  message: "Noch nicht bestellt",
  description: "Deine Bestellung schickst du mit „Zahlungspflichtig bestellen“ am Ende der Seite ab.",
};

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const { user, viewer, lines } = await guard(request, context, formData.get("checkoutToken"));
  // Enter in a field sends the form's first button, "enter". It never orders (§ 312j BGB: only
  // "Zahlungspflichtig bestellen", below the summary, does): in the voucher's field it redeems the
  // code typed there; anywhere else the page comes back as typed, checked, and says so.
  const pressedEnter = formData.get("intent") === ENTER;
  if (pressedEnter && String(formData.get("code") ?? "").trim()) formData.set("intent", "voucher-apply");
  if (isVoucherIntent(formData)) {
    const answer = await answerCheckoutVoucherIntent(formData, request, context, viewer);
    // The order form comes back as it was typed, without its checks: nothing was ordered yet.
    const typed = { ...parseWithZod(formData, { schema: checkoutSchema }).reply(), error: {} };
    return data(
      { result: typed, notice: null, ...(answer.ok ? { voucherNotice: answer.notice } : { voucher: answer.reply }) },
      answer.init,
    );
  }
  const submission = parseWithZod(formData, { schema: checkoutSchema });
  if (pressedEnter) return data({ result: submission.reply(), notice: null, notOrdered: true }, { status: 200 });
  // The till counts every attempt, also a mistyped one; over the limit the typed order form stays.
  const limited = await ipLimitRefusal("checkoutPerIp", context);
  if (limited) {
    const notice = { message: ORDER_FAILED.message, description: limited.message };
    return data({ result: submission.reply({ formErrors: [limited.message] }), notice }, limited.init);
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply(), notice: null }, { status: 400 });
  }
  const outcome = await placeCheckoutOrder(viewer, user.id, submission.value, lines, await readVoucherCode(request));
  if (!outcome.ok) {
    const errors = outcome.field
      ? { fieldErrors: { [outcome.field]: [outcome.notice.description] } }
      : { formErrors: [outcome.notice.description] };
    return data({ result: submission.reply(errors), notice: outcome.notice }, { status: outcome.status });
  }

  const headers = new Headers();
  headers.append("Set-Cookie", await serializeCart([]));
  headers.append("Set-Cookie", await clearPrefill());
  headers.append("Set-Cookie", await serializeVoucherCode(null));
  return redirect(`/order-confirmation/${outcome.orderId}`, { headers });
}

export default function CheckoutPage() {
  const {
    removedCount,
    checkoutToken,
    summary,
    lines,
    shipping,
    discount,
    total,
    voucher,
    memberPricesFromCart,
    planChange,
    defaults,
  } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const actionData = answer && "result" in answer ? answer : undefined;
  const { form, fields, pending } = usePageForm(actionData, {
    id: "checkout",
    schema: checkoutSchema,
    defaultValue: defaults,
  });

  const shipped = lines.some((line) => line.shipped);

  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <section aria-labelledby="checkout-heading">
        <h1 id="checkout-heading" className="text-3xl font-bold">
          Kasse
        </h1>
        {actionData?.notice ? (
          <FormNotice tone="error" message={actionData.notice.message} description={actionData.notice.description} />
        ) : null}
        {actionData && "notOrdered" in actionData ? <FormNotice tone="info" {...NOT_ORDERED_YET} /> : null}
        <RemovedItemsNotice count={removedCount} />
        <Form method="post" {...getFormProps(form)} className="space-y-8">
          {/*
            Enter in a field submits with the form's first submit button: this one, not the voucher's
            buttons further up. It never orders (the action's ENTER).
          */}
          <button
            type="submit"
            name="intent"
            value={ENTER}
            formNoValidate
            tabIndex={-1}
            aria-hidden="true"
            className="sr-only"
          />
          <VoucherForm
            page="/checkout"
            applied={voucher}
            answer={answer && "voucher" in answer ? answer.voucher : undefined}
            notice={answer && "voucherNotice" in answer ? answer.voucherNotice : null}
            inOrderForm
          />
          <input type="hidden" name="checkoutToken" value={checkoutToken} />
          <input type="hidden" name="summary" value={summary} />
          <fieldset className="space-y-5">
            <legend className="text-xl font-semibold">Rechnungsadresse</legend>
            <AddressFields
              fields={fields}
              afterName={
                <Field
                  label="E-Mail"
                  {...fieldProps(fields.email, { type: "email" })}
                  readOnly
                  description="Die E-Mail-Adresse deines Kontos: Dorthin senden wir die Bestellbestätigung, die Rechnung und alle Nachrichten zu dieser Bestellung."
                  autoComplete="email"
                />
              }
            />
          </fieldset>
          {shipped ? <DeliveryFields fields={fields as never} /> : null}
          <fieldset className="space-y-5">
            <legend className="text-xl font-semibold">Kontakt (optional)</legend>
            <PhoneFields fields={fields} />
            <BusinessFields fields={fields} />
            <Field label="Anmerkungen" {...textareaProps(fields.notes)} rows={3} />
          </fieldset>
          {/* § 312j BGB: items, quantities, total and the terms stand directly above the order button,
              on every viewport (one column, no sidebar that a phone would push below the button). */}
          <section aria-labelledby="summary-heading" className="rounded-xl bg-muted p-6">
            <h2 id="summary-heading" className="text-xl font-semibold">
              Deine Bestellung
            </h2>
            <ul className="mt-4 space-y-3">
              {lines.map((line) => (
                <li key={line.id} className="flex justify-between gap-4">
                  <span>
                    {line.quantity} × {line.title}
                    {line.facts ? <span className="block text-sm text-muted-foreground">{line.facts}</span> : null}
                    <span className="block text-sm text-muted-foreground">je {formatPrice(line.unitPrice)}</span>
                    <LineUnavailable line={line} />
                  </span>
                  <span className="whitespace-nowrap">{formatPrice(line.lineTotal)}</span>
                </li>
              ))}
            </ul>
            {planChange ? (
              <p className="mt-4 text-sm" data-testid="checkout-plan-change">
                {planChange}
              </p>
            ) : null}
            {memberPricesFromCart ? (
              <p className="mt-4 text-sm">
                Mit der {memberPricesFromCart}-Mitgliedschaft in dieser Bestellung zahlst du schon jetzt
                Community-Preise.
              </p>
            ) : null}
            {discount > 0 && voucher ? (
              <p className="mt-4 flex justify-between border-t border-border pt-4" data-testid="checkout-discount">
                <span>Gutschein {voucher.code}</span>
                <span>{formatPrice(-discount)}</span>
              </p>
            ) : null}
            {shipping > 0 ? (
              <p className="mt-4 flex justify-between border-t border-border pt-4" data-testid="checkout-shipping">
                <span>Versand</span>
                <span>{formatPrice(shipping)}</span>
              </p>
            ) : null}
            <p className="mt-4 flex justify-between border-t border-border pt-4 text-lg font-bold">
              <span>Gesamt</span>
              <span data-testid="checkout-total">{formatPrice(total)}</span>
            </p>
            <p className="text-right">
              <PriceTerms shipped={shipped} shippingIncluded />
            </p>
            <p className="mt-2 text-sm" data-testid="checkout-payment">
              {total > 0
                ? "Bezahlung per Überweisung (Vorkasse): Die Bankverbindung erhältst du nach der Bestellung."
                : "Für diese Bestellung ist keine Zahlung nötig."}
            </p>
            <Link to="/cart" className="mt-3 inline-flex min-h-6 items-center text-sm underline">
              Warenkorb bearbeiten
            </Link>
          </section>
          <p className="text-sm text-muted-foreground" data-testid="checkout-terms">
            Mit deiner Bestellung akzeptierst du unsere{" "}
            <Link to="/agb" className="underline">
              AGB
            </Link>{" "}
            und hast die{" "}
            <Link to="/datenschutz" className="underline">
              Datenschutzerklärung
            </Link>{" "}
            zur Kenntnis genommen. Du hast ein Widerrufsrecht.
          </p>
          <Button type="submit" size="lg" className="w-full" pending={pending}>
            Zahlungspflichtig bestellen
          </Button>
        </Form>
      </section>
    </div>
  );
}

/** Shipped products go to the billing address unless the customer names another one here. */
type DeliveryFieldName = "deliveryName" | "deliveryStreet" | "deliveryZipcode" | "deliveryCity" | "deliveryCountry";

function DeliveryFields({
  fields,
}: {
  fields: Record<DeliveryFieldName, TextFieldMeta> & { deliveryDifferent: FieldMetadata<string | boolean | undefined> };
}) {
  return (
    <fieldset className="space-y-5">
      <legend className="text-xl font-semibold">Lieferadresse</legend>
      <div className="flex items-center gap-3">
        <input
          type="checkbox"
          id={fields.deliveryDifferent.id}
          name={fields.deliveryDifferent.name}
          key={fields.deliveryDifferent.key}
          defaultChecked={fields.deliveryDifferent.initialValue === "on"}
          aria-describedby="delivery-hint"
          className="size-6 accent-primary"
        />
        <label htmlFor={fields.deliveryDifferent.id} className="font-medium">
          Lieferadresse weicht ab
        </label>
      </div>
      <p id="delivery-hint" className="text-sm text-muted-foreground">
        Ohne Haken liefern wir an deine Rechnungsadresse. Die Felder unten gelten nur mit Haken.
      </p>
      <Field
        label="Empfänger (Lieferung)"
        {...fieldProps(fields.deliveryName, { type: "text" })}
        autoComplete="shipping name"
      />
      <PostalFields
        shipping
        fields={{
          street: fields.deliveryStreet,
          zipcode: fields.deliveryZipcode,
          city: fields.deliveryCity,
          country: fields.deliveryCountry,
        }}
      />
    </fieldset>
  );
}
