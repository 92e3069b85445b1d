import { SMTPServer } from "smtp-server";
import { freePort } from "../../../scripts/lib/throwaway-postgres.mjs";

export interface SunkMail {
  from: string;
  to: string[];
  messageId: string;
  subject: string;
}

/**
 * An SMTP server on loopback for the proof tests: records every mail it accepts (Message-ID,
 * subject, sender), can be stopped and started again on the same port (an outage), and can take
 * `delayMs` per mail (a slow mail server).
 */
export async function startSmtpSink({ delayMs = 0 }: { delayMs?: number } = {}) {
  const port = await freePort();
  const mails: SunkMail[] = [];
  let server: SMTPServer | undefined;

  const header = (raw: string, name: string) =>
    raw
      .match(new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, "im"))?.[1]
      .replace(/\r?\n[ \t]+/g, " ")
      .trim() ?? "";

  async function start() {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          setTimeout(() => {
            mails.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
              messageId: header(raw, "Message-ID"),
              subject: header(raw, "Subject"),
            });
            callback();
          }, delayMs);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.server.once("error", reject);
      server!.listen(port, "127.0.0.1", () => resolve());
    });
  }

  async function stop() {
    const closing = server;
    server = undefined;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  await start();
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    start,
    stop,
    /** Resolves once `count` mails arrived; rejects after `timeoutMs`. */
    async waitFor(count: number, timeoutMs: number) {
      const deadline = performance.now() + timeoutMs;
      while (mails.length < count) {
        if (performance.now() > deadline) throw new Error(`only ${mails.length} of ${count} mails in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

/** Message-IDs (or any keys) seen more than once. */
export function duplicates(values: string[]) {
  const seen = new Set<string>();
  return values.filter((v) => (seen.has(v) ? true : (seen.add(v), false)));
}
