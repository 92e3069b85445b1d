import { sql } from "kysely";
import type { WithdrawalInput } from "~/lib/schemas/withdrawal";
import { afterCommit, withViewer, type Viewer } from "../db/db.server";
import { logger } from "../log.server";
import { enqueueMail } from "../mail/outbox.server";
import { withdrawalReceiptMail } from "../mail/withdrawal-mail.server";

/**
 * Files a withdrawal (§ 356a BGB) and queues its confirmation of receipt in the same transaction:
 * a filed withdrawal always gets its mail, a failed one never does.
 */
export async function fileWithdrawal(viewer: Viewer, input: WithdrawalInput) {
  const reference = input.orderNumber.replace(/^#/, "").slice(0, 8).toUpperCase();
  return withViewer(viewer, async (tx) => {
    const { rows } = await sql<{ id: string; created_at: Date }>`
      select id, created_at from public.file_withdrawal(${input.name}, ${input.email}, ${reference}, ${input.note ?? ""})`.execute(
      tx,
    );
    const receivedAt = new Date(rows[0].created_at).toISOString();
    await enqueueMail(
      tx,
      {
        to: input.email,
        ...withdrawalReceiptMail({ name: input.name, orderReference: reference, receivedAt, note: input.note }),
      },
      { key: `withdrawal-receipt:${rows[0].id}` },
    );
    afterCommit(tx, () => logger.info("withdrawal filed", { withdrawalId: rows[0].id, orderReference: reference }));
    return { reference, receivedAt };
  });
}
