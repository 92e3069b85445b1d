import { AUDIT_ACTION_LABEL, auditChanges, auditValue, type AuditEntry } from "~/lib/admin/audit";
import { orderStatusLabel } from "~/lib/admin/kinds";
import { formatDateTime } from "~/lib/format";
import { LabelledSection } from "~/components/labelled-section";

/** What one entry says: a label ("Geändert", "Plan vergeben") and its detail lines. */
export type AuditSummary = (entry: AuditEntry) => { label: string; lines: string[] };

/** Catalogue rows and orders: the row action and 'Feld: alt → neu' per changed field. */
const rowChanges: AuditSummary = (entry) => ({
  label: AUDIT_ACTION_LABEL[entry.action] ?? entry.action,
  lines: auditChanges(entry, (field, value) =>
    field === "status" && typeof value === "string" ? orderStatusLabel(value) : auditValue(value),
  ),
});

/**
 * The audit trail of one item, order or membership (written by the database), newest first: what,
 * when and by whom. `summary` reads an entry of another kind of row (a membership's plan and reason).
 */
export function AuditList({
  entries,
  headingLevel = "h2",
  id = "audit-heading",
  title = "Änderungsprotokoll",
  summary = rowChanges,
  className = "mt-10",
  headingClassName = "text-xl font-semibold",
}: {
  entries: AuditEntry[];
  headingLevel?: "h2" | "h3";
  id?: string;
  title?: string;
  summary?: AuditSummary;
  className?: string;
  headingClassName?: string;
}) {
  return (
    <LabelledSection
      id={id}
      title={title}
      headingLevel={headingLevel}
      className={className}
      headingClassName={headingClassName}
    >
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">Noch keine Änderungen protokolliert.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {entries.map((entry) => {
            const { label, lines } = summary(entry);
            return (
              <li key={entry.id} className="rounded-lg border border-border p-3 text-sm">
                <p>
                  <span className="font-semibold">{label}</span>{" "}
                  <span className="text-muted-foreground">
                    am {formatDateTime(entry.created_at)} von {entry.actor_email ?? "System"}
                  </span>
                </p>
                {lines.length > 0 ? (
                  <ul className="mt-1 list-disc pl-5 break-words">
                    {lines.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </LabelledSection>
  );
}
