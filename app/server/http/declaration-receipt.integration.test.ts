import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeMemoryDatabase, openMemoryDatabase } from "~/server/db/fixtures/memory-database";

/**
 * The receipt pages of declarations sent by button (withdrawal, § 312k cancellation), read as the
 * visitor who sent them: what their confirmation mail's row in the outbox says, and the page's time
 * limit on the shop's clock. A real PGlite; no SMTP_URL, so the mails stay queued until marked here.
 */

beforeAll(() => openMemoryDatabase({ SMTP_URL: undefined }), 180_000);
afterAll(closeMemoryDatabase);
afterEach(async () => {
  const { setShopClock } = await import("~/server/jobs/clock.server");
  await setShopClock(null);
});

const HOUR = 60 * 60 * 1000;
let counter = 0;
const address = () => `receipt-${Date.now().toString(36)}-${++counter}@example.com`;

async function markMail(key: string, status: "sent" | "failed") {
  const { SERVICE, withViewer } = await import("~/server/db/db.server");
  await withViewer(SERVICE, (tx) =>
    sql`update public.mail_outbox set status = ${status}, sent_at = ${status === "sent" ? sql`now()` : null}
         where dedupe_key = ${key}`.execute(tx),
  );
}

async function later(hours: number) {
  const { setShopClock } = await import("~/server/jobs/clock.server");
  await setShopClock(new Date(Date.now() + hours * HOUR));
}

describe("withdrawal receipt page", () => {
  it("says where the mail stands, and shows the declaration for 24 hours only", async () => {
    const { ANON } = await import("~/server/db/db.server");
    const { fileWithdrawal, getWithdrawalReceipt } = await import("~/server/orders/withdrawals.server");
    const email = address();
    const { id } = await fileWithdrawal(ANON, { name: "Paula Probe", email, orderNumber: "3f2a9c1b", note: "" });

    const queued = await getWithdrawalReceipt(ANON, id);
    if (!queued || queued === "expired") throw new Error("expected the receipt");
    expect(queued.mail).toEqual({ status: "queued", sentAt: null });
    expect(new Date(queued.visibleUntil).getTime() - new Date(queued.receivedAt).getTime()).toBe(24 * HOUR);

    await markMail(`withdrawal-receipt:${id}`, "sent");
    const sent = await getWithdrawalReceipt(ANON, id);
    if (!sent || sent === "expired") throw new Error("expected the receipt");
    expect(sent.mail.status).toBe("sent");
    expect(sent.mail.sentAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    await later(23.9);
    expect(await getWithdrawalReceipt(ANON, id)).toMatchObject({ name: "Paula Probe" });
    await later(24.1);
    expect(await getWithdrawalReceipt(ANON, id)).toBe("expired");
  });
});

describe("cancellation receipt page", () => {
  it("says when the mail could not be delivered, and expires after 24 hours as well", async () => {
    const { ANON } = await import("~/server/db/db.server");
    const { fileCancellation, getCancellationReceipt } = await import("~/server/members/cancellations.server");
    const email = address();
    const { id } = await fileCancellation(ANON, { kind: "ordentlich", name: "Paula Probe", email });

    await markMail(`cancellation-receipt:${id}`, "failed");
    const failed = await getCancellationReceipt(ANON, id);
    if (!failed || failed === "expired") throw new Error("expected the receipt");
    expect(failed.mail).toEqual({ status: "failed", sentAt: null });
    expect(failed.confirmationEmail).toBe(email);

    await later(24.1);
    expect(await getCancellationReceipt(ANON, id)).toBe("expired");
  });
});

describe("receipts to one address", () => {
  it("at most 5 an hour: every declaration is filed and its operator told, the 6th page says no mail went", async () => {
    const { ANON, SERVICE, withViewer } = await import("~/server/db/db.server");
    const { fileCancellation, getCancellationReceipt } = await import("~/server/members/cancellations.server");
    const { fileWithdrawal, getWithdrawalReceipt } = await import("~/server/orders/withdrawals.server");
    const email = address();
    const filed: { id: string }[] = [];
    for (let n = 1; n <= 3; n++)
      filed.push(await fileCancellation(ANON, { kind: "ordentlich", name: `Paula ${n}`, email }));
    for (let n = 4; n <= 6; n++) {
      filed.push(await fileWithdrawal(ANON, { name: `Paula ${n}`, email, orderNumber: "3f2a9c1b", note: "" }));
    }
    const kinds = [
      "cancellation-receipt",
      "cancellation-notification",
      "withdrawal-receipt",
      "withdrawal-notification",
    ];
    const keys = filed.flatMap(({ id }) => kinds.map((kind) => `${kind}:${id}`));
    const mails = await withViewer(SERVICE, (tx) =>
      tx.selectFrom("mail_outbox").select(["to_address", "dedupe_key"]).where("dedupe_key", "in", keys).execute(),
    );
    expect(mails.filter((mail) => mail.to_address === email)).toHaveLength(5);
    // The operator hears of all six declarations.
    expect(mails.filter((mail) => mail.to_address !== email)).toHaveLength(6);

    // The form's toast says where the receipt is: by mail for the 4th and 5th, on the page for the 6th.
    expect(filed.slice(3).map((f) => (f as { mailed?: boolean }).mailed)).toEqual([true, true, false]);
    const sixth = await getWithdrawalReceipt(ANON, filed[5]!.id);
    if (!sixth || sixth === "expired") throw new Error("expected the receipt");
    expect(sixth.mail).toEqual({ status: "withheld", sentAt: null });
    const first = await getCancellationReceipt(ANON, filed[0]!.id);
    if (!first || first === "expired") throw new Error("expected the receipt");
    expect(first.mail.status).toBe("queued");
  });
});
