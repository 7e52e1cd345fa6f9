import {
  MAX_REPORT_SECTIONS,
  REPORT_FULL_MESSAGE,
  REPORT_NOT_FOUND_MESSAGE,
  SECTION_ID_TAKEN_MESSAGE,
  renderedSectionSchema,
  reportSectionsSchema,
  type RenderedSection,
  type ReportDetail,
  type ReportInput,
  type ReportListResponse,
  type ReportSection,
  type ReportSummary,
  type ReportTransition,
} from '@ecc/contracts';
import {
  auditActorOf,
  canonicalJson,
  createAnalysisViewRepository,
  createAuditLogRepository,
  createReportRepository,
  createSectionContext,
  renderSections,
  type Database,
  type ReportRow,
  type ReportVersionRow,
  type UserRow,
} from '@ecc/db';
import { fieldRefusal, HttpError } from '#platform/errors.ts';

type Actor = Pick<UserRow, 'id' | 'email'>;

export const REPORT_IN_REVIEW_MESSAGE = 'The report is in review: return it to draft before changing it';
export const ONLY_ADMINISTRATORS_APPROVE_MESSAGE = 'Only an administrator can approve a report or return it';

const TRANSITIONS: Readonly<
  Record<ReportTransition, { from: ReportRow['status']; to: ReportRow['status'] }>
> = {
  submit: { from: 'draft', to: 'in-review' },
  approve: { from: 'in-review', to: 'approved' },
  return: { from: 'in-review', to: 'draft' },
};

function transitionRefusal(action: ReportTransition, status: ReportRow['status']): string {
  const labels = { draft: 'a draft', 'in-review': 'in review', approved: 'approved' } as const;
  const verbs = { submit: 'submitted for review', approve: 'approved', return: 'returned to draft' } as const;
  return `The report is ${labels[status]}: it cannot be ${verbs[action]}`;
}

export function toReportSummary(row: ReportRow): ReportSummary {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    latestVersion: row.latestVersion,
    approvedVersion: row.approvedVersion,
    createdOn: row.createdOn.toISOString(),
    modifiedOn: row.modifiedOn.toISOString(),
  };
}

/** An approved version's snapshot as stored (jsonb, validated when written). */
function snapshotOf(version: ReportVersionRow): RenderedSection[] | null {
  return version.snapshot === null ? null : renderedSectionSchema.array().parse(version.snapshot);
}

/**
 * What a version shows: an approved one its snapshot, with whether the live numbers now differ (compared as
 * canonical JSON, since jsonb does not keep key order); any other its live numbers.
 */
export async function versionContent(
  db: Database,
  realmId: string,
  version: ReportVersionRow,
): Promise<{ content: RenderedSection[]; hasChangedSinceApproval: boolean }> {
  const sections = reportSectionsSchema.parse(version.sections);
  const live = await renderSections(createSectionContext(db, realmId), sections);
  const snapshot = snapshotOf(version);
  if (snapshot === null) return { content: live, hasChangedSinceApproval: false };
  return { content: snapshot, hasChangedSinceApproval: canonicalJson(live) !== canonicalJson(snapshot) };
}

async function detailOf(
  db: Database,
  realmId: string,
  report: ReportRow,
  versionNumber: number,
): Promise<ReportDetail> {
  const repository = createReportRepository(db);
  const [version, versions] = await Promise.all([
    repository.version(realmId, report.id, versionNumber),
    repository.versions(realmId, report.id),
  ]);
  if (!version) throw new HttpError(404, 'Report version not found');
  const { content, hasChangedSinceApproval } = await versionContent(db, realmId, version);
  const summary = (row: (typeof versions)[number]) => ({
    number: row.number,
    createdOn: row.createdOn.toISOString(),
    createdBy: row.createdBy,
    approvedOn: row.approvedOn?.toISOString() ?? null,
    approvedBy: row.approvedBy,
  });
  return {
    report: toReportSummary(report),
    version: {
      ...summary(version),
      sections: reportSectionsSchema.parse(version.sections),
      content,
      hasChangedSinceApproval,
    },
    versions: versions.map(summary),
  };
}

async function requireReport(db: Database, realmId: string, id: string): Promise<ReportRow> {
  const report = await createReportRepository(db).find(realmId, id);
  if (!report) throw new HttpError(404, REPORT_NOT_FOUND_MESSAGE);
  return report;
}

export async function listReports(db: Database, realmId: string): Promise<ReportListResponse> {
  const rows = await createReportRepository(db).list(realmId);
  return { reports: rows.map(toReportSummary) };
}

/** The newest version, or the one asked for. */
export async function readReport(
  db: Database,
  realmId: string,
  id: string,
  versionNumber?: number,
): Promise<ReportDetail> {
  const report = await requireReport(db, realmId, id);
  return detailOf(db, realmId, report, versionNumber ?? report.latestVersion);
}

export const ANALYSIS_VIEW_NOT_VISIBLE_MESSAGE = 'No saved analysis you can see has this id';

/**
 * A saved-analysis section names a view its author can see (their own or a shared one), so a report never shows
 * another user's private analysis; 400 naming each section's `viewId` otherwise.
 */
async function checkAnalysisViews(
  db: Database,
  realmId: string,
  actor: Actor,
  input: ReportInput,
): Promise<void> {
  const views = createAnalysisViewRepository(db);
  const errors: Record<string, string> = {};
  for (const [index, section] of input.sections.entries()) {
    if (section.kind !== 'analysis') continue;
    if ((await views.findVisible(realmId, actor.id, section.viewId)) === undefined)
      errors[`body/sections/${index}/viewId`] = ANALYSIS_VIEW_NOT_VISIBLE_MESSAGE;
  }
  if (Object.keys(errors).length > 0) throw fieldRefusal(400, errors);
}

export async function createReport(
  db: Database,
  realmId: string,
  actor: Actor,
  input: ReportInput,
): Promise<ReportDetail> {
  const report = await db.transaction(async (transaction) => {
    await checkAnalysisViews(transaction, realmId, actor, input);
    const created = await createReportRepository(transaction).create(
      realmId,
      input.name,
      { sections: input.sections, createdBy: actor.email },
      actor.id,
    );
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'create',
      entityType: 'report',
      entityId: created.id,
      before: null,
      after: { name: input.name, version: 1, status: created.status },
    });
    return created;
  });
  return detailOf(db, realmId, report, 1);
}

/**
 * Appends a section to the newest version's, as a new draft version (the analysis page's "Add to report"): the
 * newest sections are read under the report's lock, in the transaction that writes, so two appends at once both
 * land. Refused while in review, when full, or when the section's id is taken.
 */
export async function appendReportSection(
  db: Database,
  realmId: string,
  actor: Actor,
  id: string,
  section: ReportSection,
  now: Date,
): Promise<ReportDetail> {
  const report = await db.transaction(async (transaction) => {
    const repository = createReportRepository(transaction);
    const current = await repository.findForUpdate(realmId, id);
    if (!current) throw new HttpError(404, REPORT_NOT_FOUND_MESSAGE);
    if (current.status === 'in-review') throw new HttpError(409, REPORT_IN_REVIEW_MESSAGE);
    const latest = await repository.version(realmId, id, current.latestVersion);
    const sections = reportSectionsSchema.parse(latest?.sections ?? []);
    if (sections.length >= MAX_REPORT_SECTIONS) throw new HttpError(409, REPORT_FULL_MESSAGE);
    if (sections.some((existing) => existing.id === section.id))
      throw fieldRefusal(400, { 'body/section/id': SECTION_ID_TAKEN_MESSAGE });
    if (section.kind === 'analysis') {
      const view = await createAnalysisViewRepository(transaction).findVisible(
        realmId,
        actor.id,
        section.viewId,
      );
      if (view === undefined)
        throw fieldRefusal(400, { 'body/section/viewId': ANALYSIS_VIEW_NOT_VISIBLE_MESSAGE });
    }
    const saved = await repository.addVersion(
      realmId,
      current,
      current.name,
      { sections: [...sections, section], createdBy: actor.email },
      now,
    );
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'update',
      entityType: 'report',
      entityId: id,
      before: { name: current.name, version: current.latestVersion, status: current.status },
      after: { name: saved.name, version: saved.latestVersion, status: saved.status, appended: section.kind },
    });
    return saved;
  });
  return detailOf(db, realmId, report, report.latestVersion);
}

/** Every save is a new draft version; the approved version stays as it was. Refused while in review. */
export async function saveReport(
  db: Database,
  realmId: string,
  actor: Actor,
  id: string,
  input: ReportInput,
  now: Date,
): Promise<ReportDetail> {
  const report = await db.transaction(async (transaction) => {
    const repository = createReportRepository(transaction);
    const current = await repository.findForUpdate(realmId, id);
    if (!current) throw new HttpError(404, REPORT_NOT_FOUND_MESSAGE);
    if (current.status === 'in-review') throw new HttpError(409, REPORT_IN_REVIEW_MESSAGE);
    await checkAnalysisViews(transaction, realmId, actor, input);
    const saved = await repository.addVersion(
      realmId,
      current,
      input.name,
      { sections: input.sections, createdBy: actor.email },
      now,
    );
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'update',
      entityType: 'report',
      entityId: id,
      before: { name: current.name, version: current.latestVersion, status: current.status },
      after: { name: saved.name, version: saved.latestVersion, status: saved.status },
    });
    return saved;
  });
  return detailOf(db, realmId, report, report.latestVersion);
}

/**
 * Moves the newest version's status. Approving stores the snapshot of every number its sections show, read in
 * the same transaction as the approval, so what was approved is what was shown.
 */
export async function transitionReport(
  db: Database,
  realmId: string,
  actor: Actor,
  id: string,
  action: ReportTransition,
  options: { canApprove: boolean; now: Date },
): Promise<ReportDetail> {
  if (action !== 'submit' && !options.canApprove)
    throw new HttpError(403, ONLY_ADMINISTRATORS_APPROVE_MESSAGE);
  const report = await db.transaction(async (transaction) => {
    const repository = createReportRepository(transaction);
    const current = await repository.findForUpdate(realmId, id);
    if (!current) throw new HttpError(404, REPORT_NOT_FOUND_MESSAGE);
    const { from, to } = TRANSITIONS[action];
    if (current.status !== from) throw new HttpError(409, transitionRefusal(action, current.status));
    if (action === 'approve') {
      const version = await repository.version(realmId, id, current.latestVersion);
      if (!version) throw new HttpError(404, 'Report version not found');
      const sections = reportSectionsSchema.parse(version.sections);
      const snapshot = await renderSections(createSectionContext(transaction, realmId), sections);
      await repository.approveVersion(realmId, id, current.latestVersion, {
        snapshot,
        approvedBy: actor.email,
        approvedOn: options.now,
      });
    }
    const moved = await repository.setStatus(
      realmId,
      id,
      to,
      options.now,
      action === 'approve' ? current.latestVersion : undefined,
    );
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'update',
      entityType: 'report',
      entityId: id,
      before: { status: current.status, version: current.latestVersion },
      after: { status: moved.status, version: moved.latestVersion },
    });
    return moved;
  });
  return detailOf(db, realmId, report, report.latestVersion);
}

/** The version an export or a scheduled mail shows: the one asked for, else the approved one, else the newest. */
export async function exportedVersion(
  db: Database,
  realmId: string,
  id: string,
  versionNumber?: number,
): Promise<{ report: ReportRow; version: ReportVersionRow; content: RenderedSection[] }> {
  const report = await requireReport(db, realmId, id);
  const number = versionNumber ?? report.approvedVersion ?? report.latestVersion;
  const version = await createReportRepository(db).version(realmId, id, number);
  if (!version) throw new HttpError(404, 'Report version not found');
  const { content } = await versionContent(db, realmId, version);
  return { report, version, content };
}
