import { describe, expect, it } from "vitest";
import { auditChanges } from "~/lib/admin/audit";

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
  it("has nothing to list for inserts and deletes", () => {
    expect(auditChanges({ action: "insert", before: null, after: { title: "x" } })).toEqual([]);
  });
});
