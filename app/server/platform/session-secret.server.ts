import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The file in DATA_DIR that keeps the generated secret across restarts. */
export const SESSION_SECRET_FILE = "session-secret";

/**
 * The production server on the embedded database needs no configuration: without SESSION_SECRET it
 * signs cookies with a random secret generated on the first start and kept (mode 0600) in DATA_DIR,
 * so sessions survive a restart and a backup carries it along. With DATABASE_URL several instances
 * may share the database, and each would generate its own secret: there SESSION_SECRET stays
 * required (env.server.ts says so at start).
 *
 * Sets process.env.SESSION_SECRET before the environment is parsed; returns whether it did.
 */
export function provideEmbeddedSessionSecret(source: NodeJS.ProcessEnv = process.env): boolean {
  if (source.SESSION_SECRET?.trim() || source.DATABASE_URL) return false;
  const dataDir = source.DATA_DIR || "./.data";
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  let secret = "";
  try {
    secret = readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (secret.length < 32) {
    secret = randomBytes(32).toString("hex");
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  }
  source.SESSION_SECRET = secret;
  return true;
}
