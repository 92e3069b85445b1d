import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { DeclarationReceipt } from "~/components/declaration-receipt";
import type { ReceiptPage } from "~/lib/declaration-receipt";

function receiptText(mail: ReceiptPage["mail"]) {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <DeclarationReceipt
        title="Kündigung eingegangen"
        receivedAt="2026-12-06T09:30:00.000Z"
        mailedTo="paula@example.com"
        page={{ mail, visibleUntil: "2026-12-07T09:30:00.000Z" }}
        rows={[["Name", "Paula Probe"]]}
        testId="receipt"
      />
    </MemoryRouter>,
  );
  return html.replace(/<[^>]+>/g, "");
}

describe("the receipt page's word on its confirmation mail", () => {
  it("queued, sent, failed and withheld each say what the visitor can rely on", () => {
    expect(receiptText({ status: "queued", sentAt: null })).toContain(
      "Eine Bestätigung ist per E-Mail an paula@example.com unterwegs.",
    );
    expect(receiptText({ status: "sent", sentAt: "2026-12-06T09:31:00.000Z" })).toContain(
      "Eine Bestätigung haben wir am 06.12.2026, 10:31 Uhr per E-Mail an paula@example.com geschickt.",
    );
    expect(receiptText({ status: "failed", sentAt: null })).toContain("konnte nicht zugestellt werden");
    const withheld = receiptText({ status: "withheld", sentAt: null });
    expect(withheld).toContain("An paula@example.com haben wir in der letzten Stunde schon mehrere Bestätigungen");
    expect(withheld).toContain("Bitte drucke diese Seite aus oder speichere sie als PDF.");
    expect(withheld).not.toContain("unterwegs");
  });
});
