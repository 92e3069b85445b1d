import { describe, expect, it } from "vitest";
import { waitlistOfferMail } from "~/server/catalog/waitlist.server";

const offer = {
  title: "Vision-Board-Abend",
  expiresAt: "2026-12-01T17:00:00.000Z",
  email: "kunde@example.com",
  link: "https://shop.example/warteliste/abc",
  name: null,
};

describe("waitlist offer mail", () => {
  it("agrees with the number of seats", () => {
    expect(waitlistOfferMail({ ...offer, seats: 1 }).text).toContain(
      "Für „Vision-Board-Abend“ ist ein Platz frei geworden. Wir halten ihn bis 01.12.2026, 18:00 Uhr für dich.",
    );
    expect(waitlistOfferMail({ ...offer, seats: 2 }).text).toContain(
      "Für „Vision-Board-Abend“ sind 2 Plätze frei geworden. Wir halten sie bis 01.12.2026, 18:00 Uhr für dich.",
    );
  });

  it("greets by the name the form asked for, when it may carry it; else 'Hallo,'", () => {
    const named = waitlistOfferMail({ ...offer, seats: 1, name: "Lina <Warteliste>" });
    expect(named.text.startsWith("Hallo Lina <Warteliste>,\n\ngute Nachricht:")).toBe(true);
    expect(named.html).toContain("<p>Hallo Lina &lt;Warteliste&gt;,</p>");
    const plain = waitlistOfferMail({ ...offer, seats: 1 });
    expect(plain.text.startsWith("Hallo,\n\ngute Nachricht:")).toBe(true);
  });
});
