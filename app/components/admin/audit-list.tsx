import { AUDIT_ACTION_LABEL, auditChanges, auditValue, type AuditEntry } from "~/lib/admin/audit";
import { orderStatusLabel } from "~/lib/admin/kinds";
import { formatDateTime } from "~/lib/format";
import { LabelledSection } from "~/components/labelled-section";

/** The audit trail of one item or order (written by the database), newest first. */
export function AuditList({ entries, headingLevel = "h2" }: { entries: AuditEntry[]; headingLevel?: "h2" | "h3" }) {
  return (
    <LabelledSection
      id="audit-heading"
      title="Änderungsprotokoll"
      headingLevel={headingLevel}
      className="mt-10"
      headingClassName="text-xl font-semibold"
    >
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">Noch keine Änderungen protokolliert.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {entries.map((entry) => {
            const changes = auditChanges(entry, (field, value) =>
              field === "status" && typeof value === "string" ? orderStatusLabel(value) : auditValue(value),
            );
            return (
              <li key={entry.id} className="rounded-lg border border-border p-3 text-sm">
                <p>
                  <span className="font-semibold">{AUDIT_ACTION_LABEL[entry.action] ?? entry.action}</span>{" "}
                  <span className="text-muted-foreground">
                    am {formatDateTime(entry.created_at)} von {entry.actor_email ?? "System"}
                  </span>
                </p>
                {changes.length > 0 ? (
                  <ul className="mt-1 list-disc pl-5">
                    {changes.map((change) => (
                      <li key={change}>{change}</li>
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
