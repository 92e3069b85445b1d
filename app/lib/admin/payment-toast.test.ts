import { describe, expect, it } from "vitest";
import { paymentToast, type RecordedPayment } from "~/lib/admin/payment-toast";

const nbsp = (text: string) => text.replace(/ €/g, "\u00a0€");
const recorded = (over: Partial<RecordedPayment>): RecordedPayment => ({
  previous: "pending",
  amount: 50,
  total: 50,
  received: 50,
  completed: true,
  refunded: null,
  ...over,
});

describe("the toast after a recorded payment", () => {
  it("says the order is complete, or what is missing", () => {
    expect(paymentToast(recorded({}))).toBe(nbsp("50,00 € sind eingegangen; die Bestellung ist abgeschlossen."));
    expect(paymentToast(recorded({ amount: 20, received: 20, completed: false }))).toBe(
      nbsp("20,00 € sind eingegangen; es fehlen noch 30,00 €. Die Bestellung bleibt ausstehend."),
    );
    expect(paymentToast(recorded({ amount: 60, received: 60, refunded: 10 }))).toBe(
      nbsp(
        "60,00 € sind eingegangen – 10,00 € zu viel; die Bestellung ist abgeschlossen. Die Erstattung von 10,00 € steht unter „Erstattungen“.",
      ),
    );
  });

  it("says why money for a cancelled order is owed back: the refusal, or the rest still missing", () => {
    const cancelled = { previous: "cancelled", completed: false };
    expect(
      paymentToast(
        recorded({ ...cancelled, refunded: 50, staysCancelled: "Für diese Bestellung liegt ein Widerruf vor." }),
      ),
    ).toBe(
      nbsp(
        "50,00 € sind eingegangen; die Bestellung bleibt storniert und der Betrag geht zurück. Die Erstattung von 50,00 € steht unter „Erstattungen“. Grund: Für diese Bestellung liegt ein Widerruf vor.",
      ),
    );
    expect(paymentToast(recorded({ ...cancelled, amount: 20, received: 20, refunded: 20 }))).toBe(
      nbsp(
        "20,00 € sind eingegangen; die Bestellung bleibt storniert und der Betrag geht zurück. Die Erstattung von 20,00 € steht unter „Erstattungen“. Grund: Er deckt den Gesamtbetrag nicht (es fehlen 30,00 €); nur der ganze Betrag auf einmal öffnet eine stornierte Bestellung wieder.",
      ),
    );
  });
});
