import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "~/lib/schemas/zod";
import type { Route } from "./+types/refunds";
import { AdminPageHeader, AdminTable, cellClass } from "~/components/admin/admin-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useRefocusAfterChange } from "~/components/use-refocus";
import { FieldErrors, useServerAutoFocus } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { refundReasonLabel } from "~/lib/admin/kinds";
import { berlinDay } from "~/lib/berlin-time";
import { formatDate, formatPrice } from "~/lib/format";
import { refundAccountSchema, refundDoneSchema } from "~/lib/schemas/payments";
import { withViewer } from "~/server/db/db.server";
import { redirectWithError, redirectWithSuccess } from "~/server/http/toast.server";
import { shopNow } from "~/server/jobs/clock.server";
import { requireAdmin } from "~/server/members/admin-guard.server";
import { refusedMoneyDay } from "~/server/orders/order-payments.server";
import {
  completeRefund,
  listRefunds,
  refundOrderId,
  saveRefundAccount,
  type RefundRow,
} from "~/server/orders/refunds.server";

/**
 * /admin/erstattungen (issue 28): open refunds, due first, overdue ones marked; the account to pay
 * to (the customer's, or entered here), and "Erstattung ausgeführt" with the day, which records the
 * money event and mails the customer. Below, the refunds settled last. Plain forms, no JavaScript.
 */
export const meta: Route.MetaFunction = () => [{ title: "Erstattungen – BeHappy Admin" }];

const PATH = "/admin/erstattungen";

export async function loader({ context }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context);
  const refunds = await withViewer(viewer, (tx) => listRefunds(tx));
  return { ...refunds, today: berlinDay(shopNow()) };
}

const accountSchema = refundAccountSchema.extend({ intent: z.literal("account"), id: z.uuid() });

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, user } = await requireAdmin(context);
  const formData = await request.formData();
  const refused = (description: string) => redirectWithError(PATH, { message: "Nicht gespeichert", description });
  const firstProblem = (error: Record<string, string[] | null> | null | undefined) =>
    Object.values(error ?? {}).flat()[0] ?? "Ungültige Eingabe.";

  if (formData.get("intent") === "account") {
    const submission = parseWithZod(formData, { schema: accountSchema });
    if (submission.status !== "success") {
      // The row's form comes back with what was typed and the error at its field (a typo in a
      // 22-digit IBAN should not mean typing holder and IBAN again).
      const typed = (name: string) => String(formData.get(name) ?? "");
      const errors = submission.error ?? {};
      return data(
        {
          account: {
            id: typed("id"),
            holder: typed("holder"),
            iban: typed("iban"),
            errors: { holder: errors.holder?.[0] ?? null, iban: errors.iban?.[0] ?? null },
          },
        },
        { status: 400 },
      );
    }
    const { id, holder, iban } = submission.value;
    const saved = await withViewer(viewer, (tx) => saveRefundAccount(tx, id, { holder, iban }));
    return saved
      ? redirectWithSuccess(PATH, { message: "Bankverbindung gespeichert" })
      : refused("Die Erstattung ist schon ausgeführt.");
  }
  const submission = parseWithZod(formData, { schema: refundDoneSchema });
  if (submission.status !== "success") return refused(firstProblem(submission.error));
  const { id, doneOn } = submission.value;
  const dayRefused = await withViewer(viewer, async (tx) => {
    const orderId = await refundOrderId(tx, id);
    return orderId ? refusedMoneyDay(tx, orderId, doneOn, "Der Tag der Überweisung liegt in der Zukunft.") : null;
  });
  if (dayRefused) return refused(dayRefused);
  const done = await withViewer(viewer, (tx) => completeRefund(tx, user, id, doneOn));
  if (!done) return refused("Die Erstattung ist schon ausgeführt.");
  return redirectWithSuccess(PATH, {
    message: "Erstattung ausgeführt",
    description: `${formatPrice(done.amount)} sind vermerkt; der Kunde bekommt eine E-Mail.`,
  });
}

type AccountAnswer = {
  id: string;
  holder: string;
  iban: string;
  errors: { holder: string | null; iban: string | null };
};

function AccountCell({ row, answer }: { row: RefundRow; answer?: AccountAnswer }) {
  if (row.iban) {
    return (
      <>
        <span className="block">{row.holder}</span>
        <span className="block whitespace-nowrap font-mono text-sm">{row.iban}</span>
      </>
    );
  }
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value="account" />
      <input type="hidden" name="id" value={row.id} />
      <span className="block text-sm text-muted-foreground">Noch keine Bankverbindung (per E-Mail erfragt).</span>
      <AccountInput name="holder" label="Kontoinhaber" maxLength={70} row={row} answer={answer} />
      <AccountInput name="iban" label="IBAN" maxLength={50} row={row} answer={answer} />
      <Button type="submit" variant="outline" size="sm">
        Speichern
      </Button>
    </Form>
  );
}

/** One field of a row's account form: what was typed and its error when the form came back. */
function AccountInput({
  name,
  label,
  maxLength,
  row,
  answer,
}: {
  name: "holder" | "iban";
  label: string;
  maxLength: number;
  row: RefundRow;
  answer?: AccountAnswer;
}) {
  const error = answer?.errors[name];
  const autoFocus = useServerAutoFocus(Boolean(error));
  const errorId = `refund-${name}-error-${row.id}`;
  return (
    <>
      <Input
        name={name}
        aria-label={`${label} für ${row.number}`}
        placeholder={label}
        maxLength={maxLength}
        required
        defaultValue={answer?.[name]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...(autoFocus ? { autoFocus: true, suppressHydrationWarning: true } : {})}
      />
      <FieldErrors id={errorId} errors={error ? [error] : null} />
    </>
  );
}

export default function AdminRefunds() {
  const { open, done, today } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const accountAnswer = answer && "account" in answer ? answer.account : undefined;
  // A refund marked as done leaves the open list, a saved account replaces its form: focus waits at the title.
  const heading = useRefocusAfterChange<HTMLHeadingElement>(open.map((row) => `${row.id}:${row.holder ?? ""}`).join(), {
    whenLost: true,
  });
  return (
    <>
      <AdminPageHeader
        title="Erstattungen"
        headingRef={heading}
        description="Offene Erstattungen stornierter, bezahlter Bestellungen: fällig 14 Tage nach Widerruf oder Stornierung (§ 357 Abs. 1 BGB)."
      />
      <div className="mt-6">
        {open.length === 0 ? (
          <p className="text-muted-foreground">Keine offenen Erstattungen.</p>
        ) : (
          <AdminTable caption="Offene Erstattungen" head={["Bestellung", "Betrag", "Fällig", "Konto", "Aktion"]}>
            {open.map((row) => (
              <tr key={row.id} data-testid="refund-row">
                <td className={`${cellClass} break-words`}>
                  <Link to={`/admin/orders?order=${row.orderId}`} className="text-primary underline">
                    {row.number}
                  </Link>
                  <span className="block text-sm">{row.customer}</span>
                  <span className="block text-sm">{refundReasonLabel(row)}</span>
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>{formatPrice(row.amount)}</td>
                <td className={cellClass}>
                  {formatDate(row.dueOn)}
                  {row.overdue ? (
                    <Badge variant="destructive" className="mt-1">
                      Überfällig
                    </Badge>
                  ) : null}
                </td>
                <td className={cellClass}>
                  <AccountCell row={row} answer={accountAnswer?.id === row.id ? accountAnswer : undefined} />
                </td>
                <td className={cellClass}>
                  <Form method="post" className="space-y-2">
                    <input type="hidden" name="intent" value="done" />
                    <input type="hidden" name="id" value={row.id} />
                    <Input
                      type="date"
                      name="doneOn"
                      defaultValue={today}
                      max={today}
                      required
                      aria-label={`Überwiesen am (${row.number})`}
                    />
                    <Button type="submit" size="sm">
                      Erstattung ausgeführt
                    </Button>
                  </Form>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </div>
      <section aria-labelledby="done-heading" className="mt-10">
        <h2 id="done-heading" className="text-xl font-semibold">
          Zuletzt ausgeführt
        </h2>
        {done.length === 0 ? (
          <p className="mt-2 text-muted-foreground">Noch keine.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm" data-testid="refunds-done">
            {done.map((row) => (
              <li key={row.id}>
                {formatDate(row.doneOn)}: {formatPrice(row.amount)} für {row.number} an {row.holder ?? row.customer}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
