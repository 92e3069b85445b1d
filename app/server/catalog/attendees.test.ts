import { describe, expect, it } from "vitest";
import { comingRows } from "~/lib/catalog/attendees";
import { attendeeCsv, type AttendeeRow } from "~/server/catalog/attendees.server";

const row = (over: Partial<AttendeeRow>): AttendeeRow => ({
  orderId: "00000000-0000-4000-8000-000000000001",
  number: "00000000",
  status: "pending",
  buyer: "Erika Muster",
  email: "erika@example.com",
  seats: 1,
  returned: 0,
  participants: [],
  ...over,
});

const rows = [
  row({ number: "aaaa1111", status: "completed", participants: [{ name: "Paul Teil", email: "paul@example.com" }] }),
  row({ number: "bbbb2222", status: "cancelled", buyer: "Storno Sabine", seats: 2 }),
  row({ number: "cccc3333", status: "pending", buyer: "Offen Olaf" }),
  // Paid, but both seats taken back by a Rechnungskorrektur.
  row({ number: "dddd4444", status: "completed", buyer: "Rückgabe Rita", seats: 0, returned: 2 }),
];

describe("attendee CSV", () => {
  it("lists who comes: paid and pending orders, not the cancelled one", () => {
    const lines = attendeeCsv({ rows })
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
    expect(lines).toEqual([
      "Bestellung;Zahlung;Käufer;E-Mail;Plätze;Teilnehmer;Teilnehmer-E-Mail",
      "aaaa1111;Abgeschlossen;Erika Muster;erika@example.com;1;Paul Teil;paul@example.com",
      "cccc3333;Ausstehend;Offen Olaf;erika@example.com;1;;",
    ]);
    expect(attendeeCsv({ rows })).not.toContain("Storno Sabine");
    expect(attendeeCsv({ rows })).not.toContain("Rückgabe Rita");
  });

  it("agrees with the check-in list and the counts: the same rows hold seats", () => {
    expect(comingRows({ rows }).map((r) => r.number)).toEqual(["aaaa1111", "cccc3333"]);
  });
});
