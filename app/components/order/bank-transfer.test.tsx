import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MemoryRouter } from "react-router";
import { BankTransferBox, type BankTransferView } from "~/components/order/bank-transfer";

const transfer: BankTransferView = {
  amount: 129,
  holder: "BeHappy GmbH",
  iban: "DE02 1203 0000 0000 2020 51",
  bic: "BYLADEM1001",
  bankName: "Musterbank",
  reference: "731EF540",
  dueDays: 14,
  deadline: "2026-12-20T10:00:00.000Z",
  qrSvg: "<svg></svg>",
};

const PENDING = { status: "pending", total: 129, received: 0 };

const render = (props: Partial<Parameters<typeof BankTransferBox>[0]>) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <BankTransferBox transfer={transfer} money={PENDING} invoiceByMail={true} {...props} />
    </MemoryRouter>,
  )
    .replace(/<[^>]+>/g, "")
    .replaceAll("\u00a0", " ");
const text = (invoiceByMail: boolean) => render({ invoiceByMail });

describe("the order page's payment box", () => {
  it("promises the invoice by mail only to a confirmed address; else it waits in the dashboard", () => {
    expect(text(true)).toContain("Sobald die Zahlung eingegangen ist, schicken wir dir die Rechnung per E-Mail.");
    expect(text(false)).toContain(
      "Sobald die Zahlung eingegangen ist, findest du die Rechnung in deinem Dashboard (per E-Mail, sobald du deine Adresse bestätigt hast).",
    );
    expect(text(false)).not.toContain("schicken wir dir die Rechnung");
  });

  it("asks only for the rest after a part payment, without threatening a cancellation the shop will not make", () => {
    const rest = render({ transfer: { ...transfer, amount: 79 }, money: { ...PENDING, received: 50 } });
    expect(rest).toContain(
      "Bisher sind 50,00 € eingegangen. Bitte überweise die fehlenden 79,00 € auf folgendes Konto.",
    );
    expect(rest).not.toContain("stornieren wir");
    expect(rest).toContain("Betrag79,00 €");
  });

  it("asks for nothing once the order is paid or cancelled", () => {
    const paid = render({ transfer: null, money: { status: "completed", total: 129, received: 129 } });
    expect(paid).toContain("Die Zahlung über 129,00 € ist vollständig eingegangen – vielen Dank.");
    expect(paid).toContain("Die Rechnung haben wir dir per E-Mail geschickt; sie liegt auch in deinem Dashboard.");
    expect(paid).not.toContain("Bitte überweise");
    const cancelled = render({ transfer: null, money: { status: "cancelled", total: 129, received: 0 } });
    expect(cancelled).toBe("BezahlungDiese Bestellung ist storniert. Bitte überweise nichts.");
    const refunding = render({ transfer: null, money: { status: "cancelled", total: 129, received: 129 } });
    expect(refunding).toContain("Bitte überweise nichts. Was schon bezahlt ist (129,00 €), erstatten wir dir.");
  });

  it("says a 0,00 € order needs no payment", () => {
    expect(render({ transfer: null, money: { status: "completed", total: 0, received: 0 } })).toContain(
      "Für diese Bestellung ist keine Zahlung nötig (Gesamtbetrag 0,00 €).",
    );
  });
});
