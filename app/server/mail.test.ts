import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** sendMail against a real SMTP server process on loopback, with the outbox in a real PGlite. */
const received: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.DATA_DIR = "memory://";
  process.env.LOG_SILENT = "true";
}, 60_000);

afterAll(async () => {
  const { closeDatabase } = await import("./db/db.server");
  await closeDatabase();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe("sendMail", () => {
  it("delivers through SMTP and records the mail in the outbox as sent", async () => {
    const { sendMail } = await import("./mail.server");
    const { SERVICE, withViewer } = await import("./db/db.server");
    const result = await sendMail({ to: "erika@example.com", subject: "Grüße aus dem Test", text: "Hallo Erika" });
    expect(result.delivered).toBe(true);
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(["erika@example.com"]);
    expect(received[0].raw).toContain("Hallo Erika");
    const row = await withViewer(SERVICE, (tx) =>
      sql<{
        sent: boolean;
        error: string | null;
      }>`select sent_at is not null as sent, error from public.mail_outbox where id = ${result.id}`.execute(tx),
    );
    expect(row.rows[0]).toEqual({ sent: true, error: null });
  }, 60_000);
});
