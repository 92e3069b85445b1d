import { sql } from "kysely";
import { SERVICE, withViewer, type Tx, type Viewer } from "~/server/db/db.server";
import { refreshShopClock } from "~/server/jobs/clock.server";
import { env } from "~/server/platform/env.server";
import { logger } from "~/server/platform/log.server";

/**
 * Scheduled jobs: work due at a time on the shop's clock, stored in `public.jobs` (migration
 * 20261126140000_scheduled_jobs.sql). A worker in every instance looks for due jobs every
 * JOBS_POLL_MS. One transaction takes a due job with FOR UPDATE SKIP LOCKED, runs its handler
 * (whose writes and queued mails use the same `tx`) and records the run: the job runs once however
 * many instances poll, and a crash or an error rolls the whole run back. A failure is recorded in a
 * second transaction and retried with back-off. docs/decisions/0014-scheduled-jobs.md.
 */

export interface Job {
  id: string;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
}

/** Does a job's work inside `tx`; throwing rolls it back and schedules a retry. */
export type JobHandler = (tx: Tx, job: Job) => Promise<void>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** A job for one cause (`key`); the same key again schedules nothing (the first one stands). */
export async function scheduleJob(
  tx: Tx,
  job: { kind: string; key: string; runAt: Date; payload?: Record<string, unknown>; repeatSeconds?: number },
) {
  await tx
    .insertInto("jobs")
    .values({
      kind: job.kind,
      key: job.key,
      run_at: job.runAt,
      payload: JSON.stringify(job.payload ?? {}),
      repeat_seconds: job.repeatSeconds ?? null,
    })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

/** Pause before the next attempt after `attempts` failed ones: base, 2×base, 4×base … at most a day. */
export function jobRetryDelayMs(attempts: number, baseMs = env().JOBS_RETRY_BASE_MS) {
  return Math.min(86_400_000, baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

type DueJob = Job & { attempts: number; max_attempts: number };

/** Runs one due job; false when none is due (or all due ones are being run by another instance). */
async function runOneDueJob(handlers: JobHandlers): Promise<boolean> {
  let taken: DueJob | undefined;
  const startedAt = performance.now();
  try {
    await withViewer(SERVICE, async (tx) => {
      const { rows } = await sql<DueJob>`
        select id, kind, key, payload, attempts, max_attempts from public.jobs
         where status = 'scheduled' and run_at <= public.shop_now()
         order by run_at
         limit 1
         for update skip locked`.execute(tx);
      taken = rows[0];
      if (!taken) return;
      const handler = handlers[taken.kind];
      if (!handler) throw new Error(`no handler for job kind "${taken.kind}"`);
      await handler(tx, taken);
      await sql`
        update public.jobs
           set status = case when repeat_seconds is null then 'done' else 'scheduled' end,
               run_at = case when repeat_seconds is null then run_at
                             else public.shop_now() + make_interval(secs => repeat_seconds) end,
               attempts = 0, last_run_at = now(), last_error = null, updated_at = now()
         where id = ${taken.id}`.execute(tx);
    });
  } catch (error) {
    if (!taken) throw error;
    await recordFailure(taken, error as Error);
    return true;
  }
  if (!taken) return false;
  logger.info("job ran", { kind: taken.kind, key: taken.key, ms: Math.round(performance.now() - startedAt) });
  return true;
}

async function recordFailure(job: DueJob, error: Error) {
  const attempts = job.attempts + 1;
  const giveUp = attempts >= job.max_attempts;
  const delayMs = jobRetryDelayMs(attempts);
  await withViewer(SERVICE, (tx) =>
    sql`
      update public.jobs
         set attempts = ${attempts}, last_run_at = now(), last_error = ${error.message.slice(0, 2000)},
             status = ${giveUp ? "failed" : "scheduled"},
             run_at = public.shop_now() + make_interval(secs => ${delayMs / 1000}), updated_at = now()
       where id = ${job.id}`.execute(tx),
  );
  const fields = { kind: job.kind, key: job.key, attempts, error: error.message };
  if (giveUp) logger.error("job failed, no more attempts", fields);
  else logger.warn("job failed, will retry", { ...fields, retryInSeconds: Math.round(delayMs / 1000) });
}

/** Runs due jobs until none is due; returns how many runs there were (failed ones included). */
export async function runDueJobs(handlers: JobHandlers) {
  let runs = 0;
  // A bound, so that a job that keeps rescheduling itself into the past cannot spin forever.
  while (runs < 500 && !worker.stopping && (await runOneDueJob(handlers))) runs++;
  return runs;
}

const worker: {
  handlers?: JobHandlers;
  timer?: ReturnType<typeof setInterval>;
  running?: Promise<void>;
  again: boolean;
  stopping: boolean;
} = { again: false, stopping: false };

/** Starts this instance's job worker (server start-up). */
export function startJobWorker(handlers: JobHandlers) {
  worker.handlers = handlers;
  worker.stopping = false;
  worker.timer = setInterval(nudgeJobWorker, env().JOBS_POLL_MS);
  worker.timer.unref();
  nudgeJobWorker();
}

/** Stops taking new jobs and waits for the run under way (server shutdown). */
export async function stopJobWorker() {
  worker.stopping = true;
  clearInterval(worker.timer);
  worker.timer = undefined;
  await worker.running;
}

/** Looks for due jobs now (after a commit that scheduled one); a run under way looks again after. */
export function nudgeJobWorker() {
  if (worker.stopping || !worker.handlers) return;
  if (worker.running) {
    worker.again = true;
    return;
  }
  const handlers = worker.handlers;
  worker.running = (async () => {
    do {
      worker.again = false;
      try {
        // Another instance (or the test hook) may have moved the shop's clock.
        await refreshShopClock();
        await runDueJobs(handlers);
      } catch (error) {
        // The database is down or restarting: the timer tries again.
        logger.warn("job worker could not reach the jobs table", { error: (error as Error).message });
        return;
      }
    } while (worker.again && !worker.stopping);
  })().finally(() => {
    worker.running = undefined;
  });
}

/**
 * Runs every due job now and resolves when their runs have committed: after the worker's own run
 * under way (whose jobs this one would skip), one more; then, for a due job another instance is
 * running (skipped as locked), after that run too. For "Jetzt ausführen" and POST /__e2e/jobs.
 */
export async function runDueJobsNow(handlers: JobHandlers) {
  await worker.running;
  await refreshShopClock();
  let runs = await runDueJobs(handlers);
  for (let round = 0; round < 10 && (await stillDueAfterOtherRuns()); round++) runs += await runDueJobs(handlers);
  return runs;
}

/**
 * Waits for the due jobs other instances hold (a plain FOR UPDATE waits on their row locks, at most
 * 30 s), then says whether any is still due, e.g. because that run failed or was killed.
 */
async function stillDueAfterOtherRuns() {
  try {
    return await withViewer(SERVICE, async (tx) => {
      await sql`set local lock_timeout = '30s'`.execute(tx);
      const { rows } = await sql<{ id: string }>`
        select id from public.jobs
         where status = 'scheduled' and run_at <= public.shop_now()
           for update`.execute(tx);
      return rows.length > 0;
    });
  } catch (error) {
    logger.warn("due jobs still held by another instance", { error: (error as Error).message });
    return false;
  }
}

/** What /admin/jobs lists (RLS: admins only). */
export async function listJobs(tx: Tx) {
  return tx
    .selectFrom("jobs")
    .select(["id", "kind", "key", "status", "run_at", "repeat_seconds", "attempts", "last_run_at", "last_error"])
    .orderBy("status", "desc")
    .orderBy("run_at")
    .limit(200)
    .execute();
}

/** "Jetzt ausführen": the admin makes a job due (run_job_now checks the role), then it runs. */
export async function runJobNow(admin: Viewer, jobId: string, handlers: JobHandlers) {
  const found = await withViewer(admin, async (tx) => {
    const { rows } = await sql<{ found: boolean }>`select public.run_job_now(${jobId}::uuid) as found`.execute(tx);
    return rows[0]?.found === true;
  });
  if (found) await runDueJobsNow(handlers);
  return found;
}
