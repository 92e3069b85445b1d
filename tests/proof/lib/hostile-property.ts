// One property = one action (or one family of actions) attacked with batches of hostile requests.
// Each run sends a batch of 8 at once over keep-alive connections (8 in flight), then checks:
// no 5xx; a visible form's rejection speaks German; a batch that was rejected entirely changed
// no row (snapshot of every table before and after).
import fc from "fast-check";
import {
  changedTables,
  germanProblems,
  isRejected,
  send,
  snapshot,
  type Answer,
  type HostileEnv,
  type RawRequest,
} from "./hostile-harness";

export const SEED = 20261123;
export const BATCH = 8;

export interface HostileCase {
  request: RawRequest;
  /** A person could send exactly this with the visible form (typed values, untouched hidden fields). */
  visible: boolean;
  /** The design of the case guarantees a rejection (other user's id, guard, broken encoding). */
  mustReject?: boolean;
  label: string;
}

export interface PropertyDef {
  name: string;
  runs: number;
  cases: fc.Arbitrary<HostileCase>;
  /** Extra per-answer check (e.g. the exact message for a guard). */
  check?: (answer: Answer, hostile: HostileCase) => string | null;
}

export const counters = { cases: 0, rejected: 0, accepted: 0, snapshots: 0, byProperty: {} as Record<string, number> };

let trusted: Record<string, string> | null = null;

function describe(hostile: HostileCase, answer: Answer, problem: string) {
  const body =
    typeof hostile.request.body === "string" ? hostile.request.body : `<${hostile.request.body.length} bytes>`;
  return `${problem}\n  ${hostile.label}: POST ${hostile.request.path} [${hostile.request.contentType}] ${body.slice(0, 300)}\n  → ${answer.status} ${answer.location ?? ""} ${answer.html.replace(/<script[\s\S]*?<\/script>/g, "").slice(0, 200)}`;
}

export async function runHostileProperty(env: HostileEnv, def: PropertyDef) {
  const property = fc.asyncProperty(fc.array(def.cases, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
    // After a batch with accepted requests, let work the server does after answering (sign-up of a
    // taken address and password resets queue their mails after the response, so that timing tells
    // nothing) finish before the snapshot, or it would be blamed on the next, rejected batch.
    if (!trusted) await new Promise((resolve) => setTimeout(resolve, 500));
    const before = trusted ?? (await snapshot(env.db));
    trusted = null;
    const answers = await Promise.all(batch.map((hostile) => send(env.base, hostile.request)));
    counters.cases += batch.length;
    counters.byProperty[def.name] = (counters.byProperty[def.name] ?? 0) + batch.length;
    const problems: string[] = [];
    let allRejected = true;
    answers.forEach((answer, index) => {
      const hostile = batch[index]!;
      const rejected = isRejected(answer);
      if (rejected) counters.rejected++;
      else counters.accepted++;
      allRejected &&= rejected;
      if (answer.status >= 500) problems.push(describe(hostile, answer, `5xx answer`));
      else if (hostile.mustReject && !rejected)
        problems.push(describe(hostile, answer, "accepted although it must be rejected"));
      else if (hostile.visible && rejected) {
        const german = germanProblems(answer);
        if (german) problems.push(describe(hostile, answer, german));
      }
      const extra = def.check?.(answer, hostile);
      if (extra) problems.push(describe(hostile, answer, extra));
    });
    if (allRejected) {
      const after = await snapshot(env.db);
      counters.snapshots++;
      const changed = changedTables(before, after);
      if (changed.length > 0) problems.push(`a batch of rejected requests changed rows in ${changed.join(", ")}`);
      else trusted = after;
    }
    if (problems.length > 0) throw new Error(problems.join("\n"));
  });
  await fc.assert(property, { seed: SEED, numRuns: def.runs, endOnFailure: true });
}
