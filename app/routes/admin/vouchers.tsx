import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useLoaderData } from "react-router";
import { z } from "~/lib/schemas/zod";
import type { Route } from "./+types/vouchers";
import { AdminPageHeader, AdminTable, cellClass } from "~/components/admin/admin-list";
import { useRefocusAfterChange } from "~/components/use-refocus";
import { fieldProps, selectProps, usePageForm } from "~/components/conform";
import { FieldErrors } from "~/components/ui/field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { formatDate, formatPrice } from "~/lib/format";
import { voucherSchema } from "~/lib/schemas/voucher";
import { VOUCHER_KIND_LABELS, VOUCHER_KINDS } from "~/lib/vouchers";
import { withViewer } from "~/server/db/db.server";
import { redirectWithError, redirectWithSuccess } from "~/server/http/toast.server";
import { requireAdmin } from "~/server/members/admin-guard.server";
import { createVoucher, deactivateVoucher, listVouchers, type VoucherRow } from "~/server/vouchers/vouchers.server";
import { berlinDay } from "~/lib/berlin-time";
import { shopNow } from "~/server/jobs/clock.server";

/**
 * /admin/gutscheine (issue 29): the codes with their uses, a form for a new one (errors next to the
 * fields, typed values kept, nothing stored), and "Deaktivieren". Plain forms, no JavaScript needed.
 */
export const meta: Route.MetaFunction = () => [{ title: "Gutscheine – BeHappy Admin" }];

const PATH = "/admin/gutscheine";

export async function loader({ context }: Route.LoaderArgs) {
  const { viewer } = await requireAdmin(context);
  return { vouchers: await withViewer(viewer, listVouchers), today: berlinDay(shopNow()) };
}

const deactivateSchema = z.object({ intent: z.literal("deactivate"), id: z.uuid() });

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, user } = await requireAdmin(context);
  const formData = await request.formData();
  if (formData.get("intent") === "deactivate") {
    const submission = parseWithZod(formData, { schema: deactivateSchema });
    const code =
      submission.status === "success"
        ? await withViewer(viewer, (tx) => deactivateVoucher(tx, submission.value.id))
        : null;
    return code
      ? redirectWithSuccess(PATH, {
          message: "Gutschein deaktiviert",
          description: `${code} wird nicht mehr angenommen.`,
        })
      : redirectWithError(PATH, { message: "Nicht gespeichert", description: "Diesen Gutschein gibt es nicht." });
  }
  const submission = parseWithZod(formData, { schema: voucherSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const created = await withViewer(viewer, (tx) => createVoucher(tx, user.id, submission.value));
  if (!created) {
    return data(
      {
        result: submission.reply({ fieldErrors: { code: ["Diesen Code gibt es schon. Bitte wähle einen anderen."] } }),
      },
      { status: 409 },
    );
  }
  const { code, validFrom, validUntil } = submission.value;
  const today = berlinDay(shopNow());
  return redirectWithSuccess(PATH, {
    message: "Gutschein angelegt",
    description:
      validUntil && validUntil < today
        ? `${code} ist schon abgelaufen (gültig bis ${formatDate(validUntil)}) und wird nicht angenommen.`
        : validFrom && validFrom > today
          ? `${code} kann ab dem ${formatDate(validFrom)} eingelöst werden.`
          : `${code} kann ab sofort eingelöst werden.`,
  });
}

/** What a code does at the till today (the shop's clock): taken, not yet, no longer, or switched off. */
function voucherState(v: VoucherRow, today: string): { label: string; taken: boolean } {
  if (!v.active) return { label: "Deaktiviert", taken: false };
  if (v.validUntil && v.validUntil < today) return { label: "Abgelaufen", taken: false };
  if (v.validFrom && v.validFrom > today) return { label: `Ab ${formatDate(v.validFrom)}`, taken: false };
  if (v.maxUses !== null && v.uses >= v.maxUses) return { label: "Aufgebraucht", taken: false };
  return { label: "Aktiv", taken: true };
}

function discountText(v: Pick<VoucherRow, "kind" | "amount">) {
  return v.kind === "percent" ? `${v.amount.toLocaleString("de-DE")} %` : formatPrice(v.amount);
}

function conditions(v: VoucherRow) {
  const parts = [
    v.minOrder !== null ? `ab ${formatPrice(v.minOrder)}` : null,
    v.itemKinds
      ? `nur ${v.itemKinds.map((k) => VOUCHER_KIND_LABELS[k as keyof typeof VOUCHER_KIND_LABELS] ?? k).join(", ")}`
      : null,
    v.membersOnly ? "nur Mitglieder" : null,
    v.maxUsesPerCustomer !== null ? `${v.maxUsesPerCustomer}× je Kunde` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join("; ") : "keine";
}

function validity(v: VoucherRow) {
  if (!v.validFrom && !v.validUntil) return "unbegrenzt";
  if (!v.validUntil) return `ab ${formatDate(v.validFrom)}`;
  if (!v.validFrom) return `bis ${formatDate(v.validUntil)}`;
  return `${formatDate(v.validFrom)} – ${formatDate(v.validUntil)}`;
}

export default function AdminVouchers() {
  const { vouchers, today } = useLoaderData<typeof loader>();
  // A new code empties the form, a deactivated one loses its button: focus goes to the title (the
  // next Tab reaches the form's first field) rather than to <body>.
  const heading = useRefocusAfterChange<HTMLHeadingElement>(vouchers.map((v) => `${v.id}:${v.active}`).join(), {
    whenLost: true,
  });
  return (
    <>
      <AdminPageHeader
        headingRef={heading}
        title="Gutscheine"
        description="Rabattcodes für den Warenkorb: in Prozent oder als Festbetrag, mit Mindestbestellwert, Zeitraum und Einlösungen. Groß- und Kleinschreibung spielt keine Rolle."
      />
      {/* A new row means the code was saved: the form starts empty again (an error keeps what was typed). */}
      <NewVoucherForm key={vouchers.length} />
      <div className="mt-10">
        {vouchers.length === 0 ? (
          <p className="text-muted-foreground">Noch keine Gutscheine.</p>
        ) : (
          <AdminTable
            caption="Gutscheine"
            head={["Code", "Rabatt", "Bedingungen", "Gültig", "Einlösungen", "Status", "Aktion"]}
          >
            {vouchers.map((v) => (
              <tr key={v.id} data-testid="voucher-row">
                <td className={`${cellClass} font-mono`}>{v.code}</td>
                <td className={`${cellClass} whitespace-nowrap`}>{discountText(v)}</td>
                <td className={cellClass}>{conditions(v)}</td>
                <td className={cellClass}>{validity(v)}</td>
                <td className={`${cellClass} whitespace-nowrap`}>
                  {v.maxUses !== null ? `${v.uses} von ${v.maxUses}` : `${v.uses} (unbegrenzt)`}
                </td>
                <td className={cellClass}>
                  <VoucherStateBadge state={voucherState(v, today)} />
                </td>
                <td className={cellClass}>
                  {v.active ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="deactivate" />
                      <input type="hidden" name="id" value={v.id} />
                      <Button type="submit" variant="outline" size="sm" aria-label={`${v.code} deaktivieren`}>
                        Deaktivieren
                      </Button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </div>
    </>
  );
}

function VoucherStateBadge({ state }: { state: { label: string; taken: boolean } }) {
  return state.taken ? <Badge>{state.label}</Badge> : <Badge variant="secondary">{state.label}</Badge>;
}

function NewVoucherForm() {
  const answer = useActionData<typeof action>();
  const { form, fields, pending } = usePageForm(answer, {
    id: "voucher-new",
    schema: voucherSchema,
    defaultValue: { kind: "percent" },
  });
  const kinds = fields.itemKinds;
  const chosen = new Set([kinds.initialValue ?? []].flat());
  return (
    <section aria-labelledby="voucher-new-heading" className="mt-6 rounded-xl border border-border p-6">
      <h2 id="voucher-new-heading" className="text-xl font-semibold">
        Neuer Gutschein
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-5 sm:grid-cols-2">
        <Field label="Code" {...fieldProps(fields.code, { type: "text" })} autoComplete="off" spellCheck={false} />
        <Field label="Art des Rabatts" {...selectProps(fields.kind)}>
          <option value="percent">Prozent</option>
          <option value="fixed">Festbetrag (€)</option>
        </Field>
        <Field
          label="Rabatt (Prozent oder Euro)"
          {...fieldProps(fields.amount, { type: "text" })}
          inputMode="decimal"
          description="Zum Beispiel 10 (Prozent) oder 5,00 (Euro)."
        />
        <Field
          label="Mindestbestellwert in Euro (optional)"
          {...fieldProps(fields.minOrder, { type: "text" })}
          inputMode="decimal"
        />
        <Field label="Gültig ab (optional)" {...fieldProps(fields.validFrom, { type: "date" })} />
        <Field label="Gültig bis einschließlich (optional)" {...fieldProps(fields.validUntil, { type: "date" })} />
        <Field
          label="Einlösungen insgesamt (optional)"
          {...fieldProps(fields.maxUses, { type: "text" })}
          inputMode="numeric"
          description="Leer: unbegrenzt."
        />
        <Field
          label="Einlösungen je Kunde (optional)"
          {...fieldProps(fields.maxUsesPerCustomer, { type: "text" })}
          inputMode="numeric"
          description="Je Kundenkonto. Leer: unbegrenzt."
        />
        <fieldset className="sm:col-span-2" aria-describedby={`${kinds.id}-hint ${kinds.errorId}`}>
          <legend className="font-medium">Gilt nur für (optional)</legend>
          <p id={`${kinds.id}-hint`} className="text-sm text-muted-foreground">
            Ohne Haken gilt der Gutschein für alle Artikel. Versand wird nie rabattiert.
          </p>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {VOUCHER_KINDS.map((kind) => (
              <label key={`${kinds.key}-${kind}`} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  name={kinds.name}
                  value={kind}
                  defaultChecked={chosen.has(kind)}
                  className="size-6 accent-primary"
                />
                {VOUCHER_KIND_LABELS[kind]}
              </label>
            ))}
          </div>
          <FieldErrors id={kinds.errorId} errors={kinds.errors} />
        </fieldset>
        <label className="flex items-center gap-2 sm:col-span-2" key={fields.membersOnly.key}>
          <input
            type="checkbox"
            name={fields.membersOnly.name}
            defaultChecked={fields.membersOnly.initialValue === "on"}
            className="size-6 accent-primary"
          />
          Nur für Mitglieder
        </label>
        <div className="sm:col-span-2">
          <Button type="submit" pending={pending}>
            Gutschein anlegen
          </Button>
        </div>
      </Form>
    </section>
  );
}
