import { useEffect, type ReactNode } from "react";
import { Form } from "react-router";
import { AuditList } from "~/components/admin/audit-list";
import { FormNotice } from "~/components/form-notice";
import { LabelledSection } from "~/components/labelled-section";
import { Button } from "~/components/ui/button";
import { FieldErrors, useServerAutoFocus } from "~/components/ui/field";
import { membershipAuditSummary, type AuditEntry } from "~/lib/admin/audit";
import { formatDate } from "~/lib/format";
import { membershipEnd, type AdminMembershipView, type PlanOption } from "~/lib/membership";

function Labeled({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {children}
      <FieldErrors id={`${id}-error`} errors={error ? [error] : null} />
    </div>
  );
}

/** The answer of a refused change: what was chosen and typed, and why (at `field`, or the whole form's). */
export interface MembershipAnswer {
  error: string;
  field?: "action" | "plan" | "reason";
  reason: string;
  action: string;
  plan: string;
}

/**
 * The membership part of the admin profile dialog: what the member holds, and a plain POST form
 * to grant a plan, extend or end it by hand. The reason is required and lands in the audit trail,
 * which the history below shows (date, action, plan, by whom, reason).
 */
export function MembershipAdmin({
  userId,
  membership,
  plans,
  history,
  returnTo,
  answer,
}: {
  userId: string;
  membership: AdminMembershipView | null;
  plans: PlanOption[];
  history: AuditEntry[];
  returnTo: string;
  answer: MembershipAnswer | null;
}) {
  const errorAt = (field: MembershipAnswer["field"]) =>
    answer && field && answer.field === field ? answer.error : undefined;
  // The invalid control is described by its error and takes focus: with JavaScript here, without
  // it by the new page's autofocus.
  const autoFocus = useServerAutoFocus(Boolean(answer?.field));
  useEffect(() => {
    if (answer?.field) document.getElementById(`membership-${answer.field}`)?.focus();
  }, [answer]);
  const invalid = (field: MembershipAnswer["field"], id: string) =>
    errorAt(field)
      ? {
          "aria-invalid": true,
          "aria-describedby": `${id}-error`,
          ...(autoFocus ? { autoFocus: true, suppressHydrationWarning: true } : {}),
        }
      : {};
  // "endet am …" for a plan with an end, "gekündigt zum …" once a cancellation applies.
  const status = !membership
    ? "Keine Mitgliedschaft"
    : `${membership.name}, seit ${formatDate(membership.since)}, ${
        !membership.until
          ? "unbegrenzt"
          : membership.active
            ? membershipEnd(membership)
            : `abgelaufen am ${formatDate(membership.until)}`
      }`;
  const fieldClass = "min-h-11 w-full rounded-md border border-input bg-background px-3";
  const planName = (plan: string) => plans.find((p) => p.plan === plan)?.name ?? plan;
  return (
    <>
      <LabelledSection
        id="membership-admin-heading"
        title="Mitgliedschaft"
        className="mt-6 border-t border-border pt-4"
      >
        <p className="mt-1 text-sm" data-testid="admin-membership-status">
          {status}
        </p>
        {answer && !answer.field ? (
          <FormNotice tone="error" message="Mitgliedschaft nicht geändert" description={answer.error} />
        ) : null}
        <Form method="post" preventScrollReset className="mt-3 grid gap-3 text-sm">
          <input type="hidden" name="intent" value="membership" />
          <input type="hidden" name="userId" value={userId} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <div className="grid gap-3 sm:grid-cols-2">
            <Labeled id="membership-action" label="Aktion" error={errorAt("action")}>
              <select
                id="membership-action"
                name="action"
                {...invalid("action", "membership-action")}
                defaultValue={answer?.action ?? "grant"}
                className={fieldClass}
              >
                <option value="grant">Plan vergeben</option>
                <option value="extend">Um eine Laufzeit verlängern</option>
                <option value="end">Beenden</option>
              </select>
            </Labeled>
            <Labeled id="membership-plan" label="Plan (beim Vergeben)" error={errorAt("plan")}>
              <select
                id="membership-plan"
                name="plan"
                defaultValue={answer?.plan ?? ""}
                className={fieldClass}
                {...invalid("plan", "membership-plan")}
              >
                <option value="">–</option>
                {plans.map((p) => (
                  <option key={p.plan} value={p.plan}>
                    {p.name}
                  </option>
                ))}
              </select>
            </Labeled>
          </div>
          <Labeled id="membership-reason" label="Grund" error={errorAt("reason")}>
            <input
              {...invalid("reason", "membership-reason")}
              id="membership-reason"
              name="reason"
              type="text"
              required
              maxLength={500}
              defaultValue={answer?.reason ?? ""}
              className={fieldClass}
            />
          </Labeled>
          <Button type="submit" variant="outline" size="sm" className="justify-self-start">
            Mitgliedschaft speichern
          </Button>
        </Form>
      </LabelledSection>
      <AuditList
        entries={history}
        id="membership-history-heading"
        title="Verlauf der Mitgliedschaft"
        headingLevel="h3"
        headingClassName="font-semibold"
        className="mt-6 border-t border-border pt-4"
        summary={(entry) => membershipAuditSummary(entry, planName, formatDate)}
      />
    </>
  );
}
