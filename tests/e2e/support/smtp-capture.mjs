// A local SMTP server for the end-to-end run: accepts every mail and writes it as JSON into
// MAIL_DIR, where tests read it. Loopback only. Recipients at unzustellbar.example are refused
// for good (550), like an unknown mailbox, so tests can watch an undelivered mail.
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const dir = process.env.MAIL_DIR ?? ".tmp/e2e-mail";
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
let counter = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onRcptTo(address, session, callback) {
    if (address.address.toLowerCase().endsWith("@unzustellbar.example")) {
      return callback(Object.assign(new Error("Mailbox unbekannt"), { responseCode: 550 }));
    }
    callback();
  },
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const name = `${Date.now()}-${++counter}.json`;
      // Written under another name and renamed: a test reading the folder meanwhile never sees half a
      // mail (a large one, with a PDF attached, takes a moment to write).
      const partial = path.join(dir, `.${name}.partial`);
      writeFileSync(partial, JSON.stringify({ to: session.envelope.rcptTo.map((r) => r.address), raw }));
      renameSync(partial, path.join(dir, name));
      callback();
    });
  },
});
server.listen(Number(process.env.SMTP_PORT ?? 4325), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
