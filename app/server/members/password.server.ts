import { hash, verify } from "@node-rs/argon2";
import { env } from "~/server/platform/env.server";
import { logger } from "~/server/platform/log.server";

// argon2id with the library defaults (~10 ms here). Tests may set ARGON2_FAST=true for cheaper
// parameters; production never does.
function options() {
  return env().ARGON2_FAST === "true" && !env().isProduction ? { memoryCost: 1024, timeCost: 1, parallelism: 1 } : {};
}

export function hashPassword(password: string) {
  return hash(password, options());
}

// A real hash of a random string: verifying against it costs the same as a real check, so an
// unknown e-mail answers as slowly as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string) {
  dummyHash ??= hashPassword(crypto.randomUUID());
  // One line per argon2 verification (LOG_LEVEL=debug): how tests count evaluations under attack.
  logger.debug("password verified");
  const target = passwordHash ?? (await dummyHash);
  const ok = await verify(target, password).catch(() => false);
  return ok && passwordHash !== null;
}
