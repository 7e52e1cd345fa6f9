import type { Readable } from 'node:stream';
import {
  createInvitationRepository,
  createReportRepository,
  runInRealmScope,
  type ClaimedRun,
  type Database,
} from '@ecc/db';
import { validateCron } from '@ecc/domain';
import { Cron } from 'croner';
import { fieldRefusal } from '#platform/errors.ts';
import type { Mailer } from '#platform/mailer.ts';
import { renderAnalysisFile } from './analysis-export-file.ts';
import { renderReportFile } from './report-export.ts';

/** How often a server looks for due schedules: a slot runs at most this late. */
export const SCHEDULER_POLL_PATTERN = '*/15 * * * * *';
/** Schedules claimed in one transaction; more wait for the next look. */
const CLAIM_LIMIT = 20;
export const NO_SMTP_ERROR = 'Not sent: the server has no SMTP server (SMTP_URL); the mail is in the outbox';

/** The first slot of `cron` in `timezone` strictly after `after`; null when the expression has no more. */
export function nextSlotAfter(cron: string, timezone: string, after: Date): Date | null {
  return new Cron(cron, { timezone }).nextRun(after);
}

/** 400 naming `body/cron` or `body/timezone` unless the schedule's expression and zone can run. */
export function assertRunnableCron(cron: string, timezone: string): void {
  const problems = validateCron(cron);
  if (problems.length > 0)
    throw fieldRefusal(400, { 'body/cron': problems.map((p) => p.message).join('; ') });
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
  } catch {
    throw fieldRefusal(400, { 'body/timezone': `${timezone} is not a time zone` });
  }
  let next: Date | null;
  try {
    next = nextSlotAfter(cron, timezone, new Date());
  } catch (error) {
    throw fieldRefusal(400, { 'body/cron': error instanceof Error ? error.message : String(error) });
  }
  if (next === null) throw fieldRefusal(400, { 'body/cron': 'The expression never runs again' });
}

export interface ReportSchedulerLogger {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface ReportScheduler {
  /** Looks for due schedules every few seconds until stopped. */
  start(): void;
  /** Claims and runs the schedules due at `now` (the poll calls it; tests call it directly). */
  runDue(now?: Date): Promise<number>;
  /** Stops looking and waits for a run under way to finish, so the server closes promptly and cleanly. */
  stop(): Promise<void>;
}

/** A file's bytes: a mail attaches the same file to each recipient, so a streamed workbook is read once here. */
async function bytesOf(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The scheduled reports (decision 030). Any number of servers may share one database: each claims due schedules
 * with `FOR UPDATE SKIP LOCKED` and moves their next slot past now in the same transaction, and a run row is
 * unique per (schedule, slot), so a slot runs once. A server that was down finds the schedule's `next_run_at`
 * in the past and runs it once, for the earliest missed slot.
 */
export function createReportScheduler(options: {
  db: Database;
  mailer: Mailer;
  webDistDir: string;
  log: ReportSchedulerLogger;
  now?: () => Date;
}): ReportScheduler {
  const { db, mailer, webDistDir, log } = options;
  const clock = options.now ?? (() => new Date());
  let job: Cron | undefined;
  let running: Promise<number> = Promise.resolve(0);
  let isStopped = false;

  // A failed workbook also rejects its reading below, which records the run as failed with the error.
  const onStreamFailure = (error: Error) =>
    log.error({ err: error }, 'A scheduled workbook failed while it was written');

  /** A report's export, or a saved analysis computed now (its table as XLSX or CSV). */
  async function renderScheduledFile(run: ClaimedRun, now: Date) {
    if (run.analysisViewId !== null) {
      const format = run.format === 'csv' ? 'csv' : 'xlsx';
      const { name, file } = await renderAnalysisFile(
        db,
        run.realmId,
        run.analysisViewId,
        format,
        now,
        onStreamFailure,
      );
      return { name, what: 'analysis', file: { ...file, body: await bytesOf(file.body) } };
    }
    const reportId = run.reportId ?? '';
    const file = await renderReportFile(
      db,
      run.realmId,
      reportId,
      { format: run.format },
      { webDistDir, now, onStreamFailure },
    );
    const report = await createReportRepository(db).find(run.realmId, reportId);
    return {
      name: report?.name ?? 'Report',
      what: 'report',
      file: { ...file, body: await bytesOf(file.body) },
    };
  }

  async function deliver(run: ClaimedRun, now: Date) {
    const repository = createReportRepository(db);
    try {
      const { name, what, file } = await renderScheduledFile(run, now);
      const outbox = createInvitationRepository(db);
      const errors: string[] = [];
      for (const to of run.recipients) {
        const email = {
          to,
          subject: `${name}: scheduled ${what}`,
          text: [
            `Attached is the ${what} "${name}" (${run.format.toUpperCase()}) for ${run.slot.toISOString()}.`,
            '',
            `Attachment: ${file.fileName}`,
          ].join('\n'),
        };
        const recorded = await outbox.recordEmail(run.realmId, email, now);
        const result = await mailer.send({
          ...email,
          attachments: [{ filename: file.fileName, content: file.body, contentType: file.contentType }],
        });
        if (result.isSent) await outbox.markEmailSent(run.realmId, recorded.id, clock());
        else {
          const error = result.error ?? NO_SMTP_ERROR;
          await outbox.markEmailFailed(run.realmId, recorded.id, error);
          errors.push(`${to}: ${error}`);
        }
      }
      await repository.finishRun(run.realmId, run.runId, {
        status: errors.length === 0 ? 'sent' : 'failed',
        error: errors.length === 0 ? null : errors.join('; '),
        finishedOn: clock(),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.error({ err: error, scheduleId: run.scheduleId }, 'A scheduled report failed');
      await repository.finishRun(run.realmId, run.runId, {
        status: 'failed',
        error: message,
        finishedOn: clock(),
      });
    }
  }

  async function runDueNow(now: Date): Promise<number> {
    const claimed = await runInRealmScope({ isAllRealms: true }, () =>
      db.transaction((transaction) =>
        createReportRepository(transaction).claimDueSchedules(now, CLAIM_LIMIT, (schedule, after) =>
          nextSlotAfter(schedule.cron, schedule.timezone, after),
        ),
      ),
    );
    for (const run of claimed) {
      await runInRealmScope({ realmIds: [run.realmId] }, () => deliver(run, now));
    }
    return claimed.length;
  }

  function runDue(now = clock()): Promise<number> {
    // One look at a time per server: a slow run delays the next look rather than overlapping it.
    running = running.catch(() => 0).then(() => (isStopped ? 0 : runDueNow(now)));
    return running;
  }

  return {
    start() {
      if (job) return;
      job = new Cron(SCHEDULER_POLL_PATTERN, { protect: true }, async () => {
        try {
          await runDue();
        } catch (error) {
          log.error({ err: error }, 'Looking for due scheduled reports failed');
        }
      });
    },
    runDue,
    async stop() {
      isStopped = true;
      job?.stop();
      await running.catch(() => 0);
    },
  };
}
