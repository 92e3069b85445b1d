import { getFormProps } from "@conform-to/react";
import type { RefObject } from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/withdrawal";
import { fieldProps, textareaProps, usePageForm } from "~/components/conform";
import { FormPage } from "~/components/form-page";
import { useRefocusAfterChange } from "~/components/use-refocus";
import { FormNotice } from "~/components/form-notice";
import { HoneypotField } from "~/components/honeypot-field";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { formatDateTime, orderNumber } from "~/lib/format";
import { isHoneypotFilled } from "~/lib/honeypot";
import { withdrawalSchema, type WithdrawalInput } from "~/lib/schemas/withdrawal";
import { withViewer } from "~/server/db/db.server";
import { cacheHeaders } from "~/server/http/cache-policy.server";
import { getAuth } from "~/server/members/auth.server";
import { getMemberProfile } from "~/server/members/members.server";
import { ipLimitRefusal } from "~/server/http/rate-limit.server";
import { redirectWithSuccess } from "~/server/http/toast.server";
import { fileWithdrawal, isOwnOrderNumber } from "~/server/orders/withdrawals.server";

export const meta: Route.MetaFunction = () => [
  { title: "Vertrag widerrufen – BeHappy" },
  { name: "description", content: "Widerrufe deinen Vertrag mit BeHappy in zwei Schritten, ohne Anmeldung." },
];

/**
 * A link from an order (its confirmation page and mail) names the order's number; a signed-in
 * member finds name and e-mail filled in. Without either the page is the same for everyone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("bestellung") ?? "";
  const orderNumber = /^[0-9a-f]{8}$/i.test(asked) ? asked.toLowerCase() : "";
  const { user, viewer } = getAuth(context);
  if (!user) return { prefill: orderNumber ? { orderNumber } : null };
  const profile = await withViewer(viewer, (tx) => getMemberProfile(tx, user.id));
  const name = [profile?.first_name, profile?.last_name].filter(Boolean).join(" ");
  return data({ prefill: { name, email: user.email, orderNumber } }, { headers: cacheHeaders("private") });
}

/** Step one checks the form and shows a summary; step two files the withdrawal (§ 356a BGB). */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const submission = parseWithZod(formData, { schema: withdrawalSchema });
  if (isHoneypotFilled(formData))
    return data({ result: submission.reply(), step: "form" as const, review: null }, { status: 400 });
  if (submission.status !== "success" || intent === "edit") {
    return data(
      { result: submission.reply(), step: "form" as const, review: null },
      { status: intent === "edit" ? 200 : 400 },
    );
  }
  const input = submission.value;
  if (intent !== "confirm") {
    // A member's own orders are known: a number none of them has is most likely mistyped.
    const { user, viewer } = getAuth(context);
    const unknownNumber =
      user !== null && !(await withViewer(viewer, (tx) => isOwnOrderNumber(tx, user.id, input.orderNumber)));
    return { result: submission.reply(), step: "review" as const, review: input, unknownNumber };
  }

  const limited = await ipLimitRefusal("declarationPerIp", context);
  if (limited) {
    return data(
      { result: submission.reply({ formErrors: [limited.message] }), step: "review" as const, review: input },
      limited.init,
    );
  }
  const { id, reference, receivedAt, mailed } = await fileWithdrawal(getAuth(context).viewer, input);
  // The receipt is a page of its own, read from the stored declaration (a reload shows it again).
  return redirectWithSuccess(`/vertrag-widerrufen/eingang/${id}`, {
    message: "Widerruf eingegangen",
    description: `Dein Widerruf zur Bestellung ${orderNumber(reference)} ist am ${formatDateTime(receivedAt)} Uhr eingegangen. ${
      mailed ? "Eine Bestätigung ist per E-Mail unterwegs." : "Die Bestätigung steht auf dieser Seite."
    }`,
  });
}

export default function WithdrawalPage() {
  const { prefill } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, fields, pending } = usePageForm(actionData, {
    id: "withdrawal",
    schema: withdrawalSchema,
    defaultValue: prefill ?? undefined,
  });
  const review = actionData?.step === "review" ? actionData.review : null;
  // Each step replaces the other, with the button that was pressed: its first sentence takes focus.
  const stepStart = useRefocusAfterChange<HTMLParagraphElement>(review ? "review" : "form");

  return (
    <FormPage title="Vertrag widerrufen" width="wide">
      {review ? (
        <ReviewStep
          review={review}
          busy={pending}
          stepStart={stepStart}
          notice={form.errors?.[0]}
          unknownNumber={Boolean(actionData && "unknownNumber" in actionData && actionData.unknownNumber)}
        />
      ) : (
        <>
          <p ref={stepStart} tabIndex={-1} className="mt-3 text-muted-foreground focus:outline-none">
            Schritt 1 von 2: Gib an, welchen Vertrag du widerrufen möchtest. Eine Anmeldung ist nicht nötig. Die
            Bestellnummer findest du in deiner Bestellbestätigung.
          </p>
          <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
            <HoneypotField />
            <Field label="Name" {...fieldProps(fields.name, { type: "text" })} autoComplete="name" />
            <Field label="E-Mail" {...fieldProps(fields.email, { type: "email" })} autoComplete="email" />
            <Field
              label="Bestellnummer"
              {...fieldProps(fields.orderNumber, { type: "text" })}
              placeholder="z. B. 3F2A9C1B"
            />
            <Field label="Anmerkung (optional)" {...textareaProps(fields.note)} rows={4} />
            <Button type="submit" name="intent" value="review" size="lg">
              Weiter zur Bestätigung
            </Button>
          </Form>
        </>
      )}
      <p className="mt-10 text-sm text-muted-foreground">
        Informationen zu deinem Widerrufsrecht findest du in unseren{" "}
        <Link to="/agb" className="underline">
          AGB
        </Link>
        .
      </p>
    </FormPage>
  );
}

function ReviewStep({
  review,
  busy,
  stepStart,
  notice,
  unknownNumber,
}: {
  review: WithdrawalInput;
  /** Signed in, and none of the member's orders has this number. */
  unknownNumber: boolean;
  busy: boolean;
  stepStart: RefObject<HTMLParagraphElement | null>;
  /** Why the confirmation was not filed (the rate limit): the declaration stays on screen to retry. */
  notice?: string;
}) {
  const hidden = (
    <>
      <input type="hidden" name="name" value={review.name} />
      <input type="hidden" name="email" value={review.email} />
      <input type="hidden" name="orderNumber" value={review.orderNumber} />
      <input type="hidden" name="note" value={review.note ?? ""} />
    </>
  );
  return (
    <div className="mt-6">
      <p ref={stepStart} tabIndex={-1} className="text-muted-foreground focus:outline-none">
        Schritt 2 von 2: Bitte prüfe deine Angaben und bestätige den Widerruf.
      </p>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl border border-border p-6">
        <dt className="font-medium">Name</dt>
        <dd>{review.name}</dd>
        <dt className="font-medium">E-Mail</dt>
        <dd>{review.email}</dd>
        <dt className="font-medium">Bestellnummer</dt>
        <dd>{orderNumber(review.orderNumber)}</dd>
        {review.note ? (
          <>
            <dt className="font-medium">Anmerkung</dt>
            <dd className="whitespace-pre-line">{review.note}</dd>
          </>
        ) : null}
      </dl>
      {unknownNumber ? (
        <FormNotice
          tone="info"
          message={`In deinem Konto gibt es keine Bestellung mit der Nummer ${orderNumber(review.orderNumber)}.`}
          description="Bitte prüfe die Nummer (unter „Angaben ändern“). Gilt der Widerruf einer Bestellung, die du mit einer anderen E-Mail-Adresse aufgegeben hast, kannst du ihn so bestätigen."
        />
      ) : null}
      {notice ? <FormNotice tone="error" message={notice} /> : null}
      <div className="mt-8 flex flex-wrap gap-3">
        <Form method="post">
          {hidden}
          <Button type="submit" name="intent" value="confirm" size="lg" pending={busy}>
            Widerruf bestätigen
          </Button>
        </Form>
        <Form method="post">
          {hidden}
          <Button type="submit" name="intent" value="edit" variant="outline" size="lg">
            Angaben ändern
          </Button>
        </Form>
      </div>
    </div>
  );
}
