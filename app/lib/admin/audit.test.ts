import { describe, expect, it } from "vitest";
import { auditChanges, membershipAuditSummary } from "~/lib/admin/audit";

describe("auditChanges", () => {
  it("lists changed fields in German and ignores timestamps", () => {
    expect(
      auditChanges({
        action: "update",
        before: { title: "Alt", price: 10, show_on_offer: false, updated_at: null },
        after: { title: "Neu", price: 10, show_on_offer: true, updated_at: "2027-01-01" },
      }),
    ).toEqual(["Titel: Alt → Neu", "Angebote: nein → ja"]);
  });
  it("names an event's schedule in German and leaves the calendar file's counter out", () => {
    expect(
      auditChanges({
        action: "update",
        before: { starts_at: "2027-06-26T12:00:00+00:00", capacity: null, calendar_sequence: 0 },
        after: { starts_at: "2027-06-26T13:00:00+00:00", capacity: 40, calendar_sequence: 1 },
      }),
    ).toEqual(["Beginn: 26.06.2027, 14:00 → 26.06.2027, 15:00", "Plätze: – → 40"]);
  });

  it("has nothing to list for inserts and deletes", () => {
    expect(auditChanges({ action: "insert", before: null, after: { title: "x" } })).toEqual([]);
  });
});

describe("membershipAuditSummary", () => {
  const names = (plan: string) => ({ yearly: "Yearly" })[plan] ?? plan;
  const day = (iso: string) => iso.slice(0, 10);
  it("names the action, the plan, the end of the term and the reason", () => {
    expect(
      membershipAuditSummary(
        {
          action: "insert",
          after: { plan: "yearly", until: "2027-11-26T10:00:00Z", action: "grant", reason: "Gewinnspiel" },
        },
        names,
        day,
      ),
    ).toEqual({ label: "Plan vergeben", lines: ["Plan: Yearly", "Gültig bis: 2027-11-26", "Grund: Gewinnspiel"] });
  });
  it("says unbegrenzt for a plan without an end and falls back to the row action", () => {
    expect(membershipAuditSummary({ action: "update", after: { plan: "lifetime", until: null } }, names, day)).toEqual({
      label: "Geändert",
      lines: ["Plan: lifetime", "Gültig bis: unbegrenzt"],
    });
  });
});
