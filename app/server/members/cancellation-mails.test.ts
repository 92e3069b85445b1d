import { describe, expect, it } from "vitest";
import {
  cancellationMatchedMail,
  cancellationReceiptMail,
  cancellationReceivedMail,
  END_RULE,
} from "~/server/members/cancellation-mails.server";

const receivedAt = "2026-11-29T11:00:00.000Z";
const runningYearly = {
  kind: "ordentlich" as const,
  receivedAt,
  endsAt: "2027-06-01T10:00:00.000Z",
  plan: "yearly",
  endedNow: false,
};
const endedAtOnce = { ...runningYearly, kind: "ausserordentlich" as const, endsAt: receivedAt, endedNow: true };
const TAKE_BACK = "Bis dahin kannst du die Kündigung in deinem Dashboard zurücknehmen";

describe("cancellation mails (§ 312k Abs. 4: when the contract ends)", () => {
  it("the neutral receipt names the end when the declaration applied at once", () => {
    const mail = cancellationReceivedMail({ kind: "ordentlich", receivedAt, wishedEnd: null, applied: runningYearly });
    expect(mail.text).toContain("Deine Yearly-Mitgliedschaft endet am 01.06.2027.");
    expect(mail.text).toContain(TAKE_BACK);
    expect(mail.text).not.toContain("sobald wir die Kündigung zugeordnet haben");
  });

  it("the neutral receipt of a declaration not matched yet gives the end rule", () => {
    const mail = cancellationReceivedMail({ kind: "ordentlich", receivedAt, wishedEnd: "2027-01-31", applied: null });
    expect(mail.text).toContain("Gewünschtes Ende: 31.01.2027");
    expect(mail.text).toContain(END_RULE);
    expect(mail.text).not.toContain(TAKE_BACK);
  });

  it("a membership ended at once is said to be over, with nothing left to take back", () => {
    const receipt = cancellationReceiptMail({
      ...endedAtOnce,
      name: "Gustav Gans",
      reason: "Krankheit",
      contract: null,
      wishedEnd: null,
    });
    expect(receipt.text).toContain("Deine Yearly-Mitgliedschaft ist damit am 29.11.2026 beendet.");
    expect(receipt.text).not.toContain("zurücknehmen");
    expect(receipt.text).not.toContain("endet am");

    const neutral = cancellationReceivedMail({
      kind: "ausserordentlich",
      receivedAt,
      wishedEnd: null,
      applied: endedAtOnce,
    });
    expect(neutral.text).toContain("ist damit am 29.11.2026 beendet.");
    expect(neutral.text).not.toContain("zurücknehmen");

    const matched = cancellationMatchedMail(endedAtOnce);
    expect(matched.text).toContain("ist damit am 29.11.2026 beendet.");
    expect(matched.text).not.toContain("zurücknehmen");
  });

  it("a running membership keeps the way back in the receipt and the matched mail", () => {
    for (const mail of [
      cancellationReceiptMail({ ...runningYearly, name: "Carla", reason: null, contract: null, wishedEnd: null }),
      cancellationMatchedMail(runningYearly),
    ]) {
      expect(mail.text).toContain("Deine Yearly-Mitgliedschaft endet am 01.06.2027.");
      expect(mail.text).toContain(TAKE_BACK);
    }
  });
});
