import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import {
  reports,
  reportScheduleRuns,
  reportSchedules,
  reportVersions,
  type ReportRow,
  type ReportScheduleRow,
  type ReportScheduleRunRow,
  type ReportVersionRow,
} from './schema.ts';

/*
 * Reports, their versions, schedules and runs (issue 11 items 4 and 6; decision 030). Every function takes the
 * realm first and filters by it, except `claimDueSchedules`, the schedulers' claim across realms, which its
 * caller runs in the all-realms scope.
 */

export type ReportStatusValue = ReportRow['status'];
export type ReportFormatValue = ReportScheduleRow['format'];

/** What a schedule mails: a report, or a saved analysis. */
export type ScheduleTarget = { readonly kind: 'report' | 'analysis'; readonly id: string };

function targetColumn(target: ScheduleTarget) {
  return target.kind === 'report'
    ? eq(reportSchedules.reportId, target.id)
    : eq(reportSchedules.analysisViewId, target.id);
}

function targetValues(target: ScheduleTarget) {
  return target.kind === 'report' ? { reportId: target.id } : { analysisViewId: target.id };
}

export interface NewReportVersion {
  sections: unknown;
  createdBy: string | null;
}

export interface ScheduleFields {
  cron: string;
  timezone: string;
  format: ReportFormatValue;
  recipients: string[];
  isEnabled: boolean;
  nextRunAt: Date | null;
}

/** A slot claimed by one scheduler: the run row it owns and what it needs to render and mail. */
export interface ClaimedRun {
  runId: string;
  realmId: string;
  scheduleId: string;
  /** One of the two: the report or the saved analysis mailed. */
  reportId: string | null;
  analysisViewId: string | null;
  slot: Date;
  format: ReportFormatValue;
  recipients: string[];
}

/** How many runs of each schedule a list shows, newest first. */
export const SCHEDULE_RUNS_SHOWN = 10;

export function createReportRepository(db: Database) {
  return {
    async list(realmId: string): Promise<ReportRow[]> {
      return db.select().from(reports).where(eq(reports.realmId, realmId)).orderBy(desc(reports.modifiedOn));
    },

    async find(realmId: string, id: string): Promise<ReportRow | undefined> {
      const rows = await db
        .select()
        .from(reports)
        .where(and(eq(reports.realmId, realmId), eq(reports.id, id)));
      return rows[0];
    },

    /** The report locked until the transaction ends: call inside the transaction that changes it. */
    async findForUpdate(realmId: string, id: string): Promise<ReportRow | undefined> {
      const rows = await db
        .select()
        .from(reports)
        .where(and(eq(reports.realmId, realmId), eq(reports.id, id)))
        .for('update');
      return rows[0];
    },

    async create(realmId: string, name: string, version: NewReportVersion, createdBy: string | null) {
      const [report] = await db.insert(reports).values({ realmId, name, createdBy }).returning();
      if (!report) throw new Error('The report was not created');
      await db.insert(reportVersions).values({
        realmId,
        reportId: report.id,
        number: 1,
        sections: version.sections,
        createdBy: version.createdBy,
      });
      return report;
    },

    /** A new draft version after the newest; the report's name and status follow. Call with the report locked. */
    async addVersion(realmId: string, report: ReportRow, name: string, version: NewReportVersion, now: Date) {
      const number = report.latestVersion + 1;
      await db.insert(reportVersions).values({
        realmId,
        reportId: report.id,
        number,
        sections: version.sections,
        createdBy: version.createdBy,
      });
      const [updated] = await db
        .update(reports)
        .set({ name, status: 'draft', latestVersion: number, modifiedOn: now })
        .where(and(eq(reports.realmId, realmId), eq(reports.id, report.id)))
        .returning();
      if (!updated) throw new Error('The report is gone');
      return updated;
    },

    async setStatus(
      realmId: string,
      id: string,
      status: ReportStatusValue,
      now: Date,
      approvedVersion?: number,
    ): Promise<ReportRow> {
      const [updated] = await db
        .update(reports)
        .set({ status, modifiedOn: now, ...(approvedVersion === undefined ? {} : { approvedVersion }) })
        .where(and(eq(reports.realmId, realmId), eq(reports.id, id)))
        .returning();
      if (!updated) throw new Error('The report is gone');
      return updated;
    },

    async version(realmId: string, reportId: string, number: number): Promise<ReportVersionRow | undefined> {
      const rows = await db
        .select()
        .from(reportVersions)
        .where(
          and(
            eq(reportVersions.realmId, realmId),
            eq(reportVersions.reportId, reportId),
            eq(reportVersions.number, number),
          ),
        );
      return rows[0];
    },

    /** Every version without sections, newest first. */
    async versions(realmId: string, reportId: string) {
      return db
        .select({
          number: reportVersions.number,
          createdOn: reportVersions.createdOn,
          createdBy: reportVersions.createdBy,
          approvedOn: reportVersions.approvedOn,
          approvedBy: reportVersions.approvedBy,
        })
        .from(reportVersions)
        .where(and(eq(reportVersions.realmId, realmId), eq(reportVersions.reportId, reportId)))
        .orderBy(desc(reportVersions.number));
    },

    /** Stores the approval and its snapshot; the database refuses it for a version approved before. */
    async approveVersion(
      realmId: string,
      reportId: string,
      number: number,
      approval: { snapshot: unknown; approvedBy: string | null; approvedOn: Date },
    ): Promise<void> {
      await db
        .update(reportVersions)
        .set({
          snapshot: approval.snapshot,
          approvedBy: approval.approvedBy,
          approvedOn: approval.approvedOn,
        })
        .where(
          and(
            eq(reportVersions.realmId, realmId),
            eq(reportVersions.reportId, reportId),
            eq(reportVersions.number, number),
          ),
        );
    },

    async schedules(realmId: string, target: ScheduleTarget): Promise<ReportScheduleRow[]> {
      return db
        .select()
        .from(reportSchedules)
        .where(and(eq(reportSchedules.realmId, realmId), targetColumn(target)))
        .orderBy(asc(reportSchedules.createdOn));
    },

    async schedule(
      realmId: string,
      target: ScheduleTarget,
      id: string,
    ): Promise<ReportScheduleRow | undefined> {
      const rows = await db
        .select()
        .from(reportSchedules)
        .where(and(eq(reportSchedules.realmId, realmId), targetColumn(target), eq(reportSchedules.id, id)));
      return rows[0];
    },

    async createSchedule(
      realmId: string,
      target: ScheduleTarget,
      fields: ScheduleFields,
      createdBy: string | null,
    ): Promise<ReportScheduleRow> {
      const [row] = await db
        .insert(reportSchedules)
        .values({ realmId, ...targetValues(target), ...fields, createdBy })
        .returning();
      if (!row) throw new Error('The schedule was not created');
      return row;
    },

    async updateSchedule(
      realmId: string,
      target: ScheduleTarget,
      id: string,
      fields: ScheduleFields,
      now: Date,
    ): Promise<ReportScheduleRow | undefined> {
      const [row] = await db
        .update(reportSchedules)
        .set({ ...fields, modifiedOn: now })
        .where(and(eq(reportSchedules.realmId, realmId), targetColumn(target), eq(reportSchedules.id, id)))
        .returning();
      return row;
    },

    async deleteSchedule(realmId: string, target: ScheduleTarget, id: string): Promise<boolean> {
      const rows = await db
        .delete(reportSchedules)
        .where(and(eq(reportSchedules.realmId, realmId), targetColumn(target), eq(reportSchedules.id, id)))
        .returning({ id: reportSchedules.id });
      return rows.length > 0;
    },

    /** The newest runs of each schedule (at most `runsPerSchedule`; the page shows ten), newest first. */
    async runs(
      realmId: string,
      scheduleIds: readonly string[],
      runsPerSchedule = SCHEDULE_RUNS_SHOWN,
    ): Promise<ReportScheduleRunRow[]> {
      if (scheduleIds.length === 0) return [];
      const rows = await db
        .select()
        .from(reportScheduleRuns)
        .where(
          and(
            eq(reportScheduleRuns.realmId, realmId),
            inArray(reportScheduleRuns.scheduleId, [...scheduleIds]),
          ),
        )
        .orderBy(desc(reportScheduleRuns.slot));
      const counts = new Map<string, number>();
      return rows.filter((row) => {
        const count = counts.get(row.scheduleId) ?? 0;
        counts.set(row.scheduleId, count + 1);
        return count < runsPerSchedule;
      });
    },

    /**
     * Claims the schedules due at `now` in every realm: each row is locked (`FOR UPDATE SKIP LOCKED`, so another
     * scheduler on the same database passes over it), its run recorded for its slot (unique per schedule and
     * slot) and its next slot moved past `now`, so however many slots were missed, one run follows. Call inside
     * a transaction in the all-realms scope.
     */
    async claimDueSchedules(
      now: Date,
      limit: number,
      nextSlotAfter: (schedule: ReportScheduleRow, after: Date) => Date | null,
    ): Promise<ClaimedRun[]> {
      const due = await db
        .select()
        .from(reportSchedules)
        .where(and(eq(reportSchedules.isEnabled, true), lte(reportSchedules.nextRunAt, now)))
        .orderBy(asc(reportSchedules.nextRunAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed: ClaimedRun[] = [];
      for (const schedule of due) {
        const slot = schedule.nextRunAt;
        if (slot === null) continue;
        await db
          .update(reportSchedules)
          .set({ nextRunAt: nextSlotAfter(schedule, now) })
          .where(eq(reportSchedules.id, schedule.id));
        const [run] = await db
          .insert(reportScheduleRuns)
          .values({ realmId: schedule.realmId, scheduleId: schedule.id, slot, startedOn: now })
          .onConflictDoNothing()
          .returning({ id: reportScheduleRuns.id });
        if (!run) continue;
        claimed.push({
          runId: run.id,
          realmId: schedule.realmId,
          scheduleId: schedule.id,
          reportId: schedule.reportId,
          analysisViewId: schedule.analysisViewId,
          slot,
          format: schedule.format,
          recipients: schedule.recipients,
        });
      }
      return claimed;
    },

    async finishRun(
      realmId: string,
      runId: string,
      outcome: { status: 'sent' | 'failed'; error: string | null; finishedOn: Date },
    ): Promise<void> {
      await db
        .update(reportScheduleRuns)
        .set(outcome)
        .where(and(eq(reportScheduleRuns.realmId, realmId), eq(reportScheduleRuns.id, runId)));
    },
  };
}

export type ReportRepository = ReturnType<typeof createReportRepository>;
