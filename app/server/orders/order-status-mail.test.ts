import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/platform/env.server";
import { operatorFrom } from "~/server/platform/operator.server";
import {
  buildOrderCancelledMail,
  buildPaymentNotReceivedMail,
  buildPaymentReceivedMail,
} from "~/server/orders/order-status-mail.server";

const operator = operatorFrom(parseEnv({}));
/** To the buyer's confirmed account address: the mail may greet by name and attach the PDF. */
const personal = true;
const order = { id: "3f2a9c1b-0000", number: "3F2A9C1B", customer_name: "Mia Schulz", total_amount: 32.8 };
const invoice = {
  number: "RE-2026-000007",
  issued_at: "2026-11-24T10:00:00Z",
  pdf: Buffer.from("%PDF-1.3").toString("base64"),
};

describe("order status mails", () => {
  it("'Zahlung eingegangen' names amount and invoice and attaches the PDF (serialisable for an outbox row)", () => {
    const mail = buildPaymentReceivedMail({ order, invoice, operator, personal });
    expect(mail.subject).toBe("Zahlung eingegangen – Bestellung 3F2A9C1B");
    expect(mail.text.startsWith("Hallo Mia Schulz,\n")).toBe(true);
    expect(mail.text).toMatch(
      /die Zahlung für deine Bestellung 3F2A9C1B über 32,80\s€ ist vollständig bei uns eingegangen/,
    );
    expect(mail.text).toContain("Rechnung RE-2026-000007 vom 24.11.2026");
    expect(mail.html).toContain("Zahlung eingegangen");
    expect(mail.attachments).toEqual([
      { filename: "RE-2026-000007.pdf", contentType: "application/pdf", content: invoice.pdf },
    ]);
    expect(JSON.parse(JSON.stringify(mail))).toEqual(mail);
  });

  it("a free order is 'abgeschlossen', not paid", () => {
    const mail = buildPaymentReceivedMail({ order: { ...order, total_amount: 0 }, invoice, operator, personal });
    expect(mail.subject).toBe("Bestellung abgeschlossen – Bestellung 3F2A9C1B");
    expect(mail.text).not.toContain("Zahlung über");
  });

  it("'Bestellung storniert' attaches the cancellation invoice when there was one", () => {
    const plain = buildOrderCancelledMail({ order, cancellation: null, operator, personal });
    expect(plain.subject).toBe("Bestellung storniert – 3F2A9C1B");
    expect(plain.text).toContain("Bitte überweise nichts mehr für diese Bestellung.");
    expect(plain.attachments).toEqual([]);
    const withStorno = buildOrderCancelledMail({
      order,
      cancellation: { ...invoice, number: "RE-2026-000008" },
      operator,
      personal,
    });
    expect(withStorno.text).toContain("Stornorechnung RE-2026-000008");
    expect(withStorno.attachments[0].filename).toBe("RE-2026-000008.pdf");
    expect(withStorno.text).not.toContain("Rechnungskorrektur");
  });

  it("after a partial refund says that the Stornorechnung cancels only what was left", () => {
    const whole = buildOrderCancelledMail({
      order,
      cancellation: { ...invoice, number: "RE-2026-000008", total: -32.8 },
      operator,
      personal,
    });
    expect(whole.text).not.toContain("Rechnungskorrektur");
    const rest = buildOrderCancelledMail({
      order,
      cancellation: { ...invoice, number: "RE-2026-000009", total: -17.9 },
      operator,
      personal,
    });
    expect(rest.text).toMatch(
      /14,90\s€ davon sind dir schon per Rechnungskorrektur gutgeschrieben; storniert sind damit die übrigen 17,90\s€\./,
    );
  });

  it("a cancelled order that bought a membership says what became of the membership", () => {
    const ended = buildOrderCancelledMail({
      order,
      cancellation: null,
      operator,
      personal,
      membership: { planName: "Yearly", activeUntil: null },
    });
    expect(ended.text).toContain(
      "Die Yearly-Mitgliedschaft aus dieser Bestellung ist damit beendet; Mitgliedspreise gelten für dich nicht mehr.",
    );
    const shortened = buildOrderCancelledMail({
      order,
      cancellation: null,
      operator,
      personal,
      membership: { planName: "Yearly", activeUntil: "2026-12-26T10:00:00Z" },
    });
    expect(shortened.text).toContain(
      "Die Yearly-Mitgliedschaft aus dieser Bestellung haben wir zurückgenommen: deine Mitgliedschaft gilt jetzt bis 26.12.2026.",
    );
    expect(buildOrderCancelledMail({ order, cancellation: null, operator, personal }).text).not.toContain(
      "Mitgliedschaft",
    );
  });

  it("a payment marked by mistake and set back: 'Zahlung noch offen', the membership taken back until it arrives", () => {
    const mail = buildPaymentNotReceivedMail({
      order,
      operator,
      personal,
      membership: { planName: "Yearly", activeUntil: null },
    });
    expect(mail.subject).toBe("Zahlung noch offen – Bestellung 3F2A9C1B");
    expect(mail.text).toMatch(
      /die Zahlung für deine Bestellung 3F2A9C1B über 32,80\s€ ist doch noch nicht bei uns eingegangen/,
    );
    expect(mail.text).toContain("Die Yearly-Mitgliedschaft aus dieser Bestellung ist damit beendet");
    expect(mail.html).toContain("Zahlung noch offen");
    expect(mail.attachments).toEqual([]);
  });

  it("to an unconfirmed address: no name the buyer typed, and the invoices (name, address) stay in the dashboard", () => {
    const stranger = { ...order, customer_name: "Besuch evil.example" };
    const cancellation = { ...invoice, number: "RE-2026-000008" };
    const mails = [
      buildPaymentReceivedMail({ order: stranger, invoice, operator, personal: false }),
      buildOrderCancelledMail({ order: stranger, cancellation, operator, personal: false }),
      buildPaymentNotReceivedMail({
        order: stranger,
        operator,
        personal: false,
        membership: { planName: "Yearly", activeUntil: null },
      }),
    ];
    for (const mail of mails) {
      expect(mail.text.startsWith("Hallo,\n")).toBe(true);
      expect(mail.subject + mail.text + mail.html).not.toContain("evil.example");
      expect(mail.attachments).toEqual([]);
    }
    expect(mails[0].text).toContain(
      "Deine Rechnung RE-2026-000007 vom 24.11.2026 kannst du in deinem Dashboard herunterladen",
    );
    expect(mails[1].text).toContain("findest du die Stornorechnung RE-2026-000008");
  });
});
