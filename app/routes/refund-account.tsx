import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/refund-account";
import { fieldProps, usePageForm } from "~/components/conform";
import { NewsletterTokenPage, TokenOutcome } from "~/components/newsletter/token-page";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { formatDate, formatPrice } from "~/lib/format";
import { tokenSchema } from "~/lib/schemas/newsletter";
import { refundAccountSchema } from "~/lib/schemas/payments";
import { TOKEN_PAGE_META } from "~/lib/token-page";
import { refundOfToken, saveRefundAccount } from "~/server/orders/refunds.server";
import { SERVICE, withViewer } from "~/server/db/db.server";
import { TOKEN_PAGE_HEADERS, tokenPageHeaders } from "~/server/http/token-page.server";

/**
 * /erstattung?token=…: the link in the mail that asks for the account a refund goes to (issue 28).
 * GET shows the form; a POST saves holder and IBAN (checked, mod 97). The token is the proof: the
 * refund is read and written as the service role.
 */
export const meta: Route.MetaFunction = () => [
  { title: "Bankverbindung für deine Erstattung – BeHappy" },
  { name: "robots", content: "noindex" },
  TOKEN_PAGE_META,
];

export const headers: Route.HeadersFunction = tokenPageHeaders;

async function refundOf(raw: unknown) {
  const token = tokenSchema.safeParse(raw ?? undefined);
  if (!token.success) return { token: null, refund: null };
  return { token: token.data, refund: await withViewer(SERVICE, (tx) => refundOfToken(tx, token.data)) };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { token, refund } = await refundOf(new URL(request.url).searchParams.get("token"));
  return data({ token, refund }, { status: refund ? 200 : 400, headers: TOKEN_PAGE_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const { refund } = await refundOf(formData.get("token"));
  if (!refund) return data({ result: null, saved: false }, { status: 400, headers: TOKEN_PAGE_HEADERS });
  const submission = parseWithZod(formData, { schema: refundAccountSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), saved: false }, { status: 400, headers: TOKEN_PAGE_HEADERS });
  }
  const saved = await withViewer(SERVICE, (tx) => saveRefundAccount(tx, refund.id, submission.value));
  return data({ result: null, saved }, { headers: TOKEN_PAGE_HEADERS });
}

export default function RefundAccountRoute() {
  const { token, refund } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { form, fields, pending } = usePageForm(answer ?? undefined, { id: "refund", schema: refundAccountSchema });
  const home = { to: "/", label: "Zur Startseite" };
  if (!token || !refund) {
    return (
      <TokenOutcome
        tone="error"
        title="Link ungültig"
        text="Dieser Link ist ungültig. Bitte nutze den Link aus unserer E-Mail oder schreib uns."
        link={home}
      />
    );
  }
  if (refund.done) {
    return (
      <TokenOutcome
        tone="success"
        title="Schon erstattet"
        text="Diese Erstattung haben wir bereits überwiesen."
        link={home}
      />
    );
  }
  if (answer?.saved) {
    return (
      <TokenOutcome
        tone="success"
        title="Danke!"
        text={`Wir überweisen dir ${formatPrice(refund.amount)} bis zum ${formatDate(refund.dueOn)} und schreiben dir, sobald das Geld unterwegs ist.`}
        link={home}
      />
    );
  }
  return (
    <NewsletterTokenPage title="Bankverbindung für deine Erstattung">
      <p>
        Für die Bestellung {refund.number} erstatten wir dir {formatPrice(refund.amount)}, spätestens bis zum{" "}
        {formatDate(refund.dueOn)}.
        {refund.hasAccount ? " Wir haben schon eine Bankverbindung; eine neue ersetzt sie." : ""}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4 text-left">
        <input type="hidden" name="token" value={token} />
        <Field label="Kontoinhaber" {...fieldProps(fields.holder, { type: "text" })} autoComplete="name" />
        <Field label="IBAN" {...fieldProps(fields.iban, { type: "text" })} spellCheck={false} className="font-mono" />
        <Button type="submit" pending={pending} className="w-full sm:w-auto">
          Bankverbindung senden
        </Button>
      </Form>
    </NewsletterTokenPage>
  );
}
