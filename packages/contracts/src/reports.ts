import { apiErrorSchema } from './api-error.ts';
import { defineEndpoint, noContentSchema } from './endpoint.ts';
import { reportingYearSchema } from './period.ts';
import { uuidSchema } from './validation.ts';
import { z } from './zod.ts';

/*
 * The report builder (issue 11, items 4 and 6): a report of the realm is an ordered list of sections kept in
 * versions (every save a new one) with a status. Approving a version stores a snapshot of every number its
 * sections showed, so the approved report never changes when records do; the answer says when the live numbers
 * now differ. Exports (PDF, XLSX, CSV) and scheduled mailings render a version the same way. Masses are kg CO2e.
 */

export const REPORT_STATUSES = ['draft', 'in-review', 'approved'] as const;
export const reportStatusSchema = z.enum(REPORT_STATUSES);
export type ReportStatus = z.infer<typeof reportStatusSchema>;

export const REPORT_STATUS_LABELS: Readonly<Record<ReportStatus, string>> = {
  draft: 'Draft',
  'in-review': 'In review',
  approved: 'Approved',
};

/** The figures a KPI tile can show, each the year's CO2e as the overview sums it. */
export const KPI_METRICS = ['scope1', 'scope2Location', 'scope2Market', 'scope3', 'total'] as const;
export const kpiMetricSchema = z.enum(KPI_METRICS);
export type KpiMetric = z.infer<typeof kpiMetricSchema>;

export const KPI_METRIC_LABELS: Readonly<Record<KpiMetric, string>> = {
  scope1: 'Scope 1',
  scope2Location: 'Scope 2 (location-based)',
  scope2Market: 'Scope 2 (market-based)',
  scope3: 'Scope 3',
  total: 'Total (Scope 1, 2 location-based, 3)',
};

export const MAX_REPORT_SECTIONS = 100;
export const MAX_SECTION_MARKDOWN_LENGTH = 20_000;
export const MAX_REPORT_NAME_LENGTH = 200;

/** A section's id: the browser makes it, so reordering keeps each section's identity. */
const sectionIdSchema = z.string().min(1).max(64);
const sectionTitleSchema = z.string().trim().max(200).optional();

/** Markdown text; rendered without raw HTML everywhere (browser and PDF). */
export const textSectionSchema = z.object({
  id: sectionIdSchema,
  kind: z.literal('text'),
  title: sectionTitleSchema,
  markdown: z.string().max(MAX_SECTION_MARKDOWN_LENGTH),
});

export const kpiSectionSchema = z.object({
  id: sectionIdSchema,
  kind: z.literal('kpi'),
  title: sectionTitleSchema,
  year: reportingYearSchema,
  metrics: z.array(kpiMetricSchema).min(1, 'Choose at least one figure').max(KPI_METRICS.length),
});

/**
 * The inventory's tables a disclosure needs (issue 11 item 2), each of one reporting year: the GHG Protocol
 * summary by scope, Scope 3 by category, the Kyoto gases of Scope 1, by facility, by business unit, ESRS E1-6 and
 * CDP C6 / C7.
 */
export const INVENTORY_SECTION_TABLES = [
  'summary',
  'scope3-categories',
  'gases',
  'facilities',
  'business-units',
  'esrs-e1-6',
  'cdp-c6',
  'cdp-c7',
] as const;
export const inventorySectionTableSchema = z.enum(INVENTORY_SECTION_TABLES);
export type InventorySectionTable = z.infer<typeof inventorySectionTableSchema>;

export const INVENTORY_SECTION_TABLE_LABELS: Readonly<Record<InventorySectionTable, string>> = {
  summary: 'GHG Protocol summary by scope',
  'scope3-categories': 'Scope 3 by category',
  gases: 'Scope 1 by greenhouse gas',
  facilities: 'Emissions by facility',
  'business-units': 'Emissions by business unit',
  'esrs-e1-6': 'ESRS E1-6 gross Scopes 1, 2, 3 and total GHG emissions',
  'cdp-c6': 'CDP C6 emissions data',
  'cdp-c7': 'CDP C7 emissions breakdowns',
};

export const inventorySectionSchema = z.object({
  id: sectionIdSchema,
  kind: z.literal('inventory'),
  title: sectionTitleSchema,
  year: reportingYearSchema,
  table: inventorySectionTableSchema,
});

/** A saved analysis (`/reporting/analysis`): its table and chart; a private view only in its owner's reports. */
export const analysisSectionSchema = z.object({
  id: sectionIdSchema,
  kind: z.literal('analysis'),
  title: sectionTitleSchema,
  viewId: uuidSchema,
});

/**
 * Every section kind. A new kind is a schema here and a renderer in the section registry
 * (`packages/db/src/report-sections.ts`).
 */
export const reportSectionSchema = z.discriminatedUnion('kind', [
  textSectionSchema,
  kpiSectionSchema,
  inventorySectionSchema,
  analysisSectionSchema,
]);
export type ReportSection = z.infer<typeof reportSectionSchema>;
export type ReportSectionKind = ReportSection['kind'];

export const reportSectionsSchema = z
  .array(reportSectionSchema)
  .max(MAX_REPORT_SECTIONS)
  .superRefine((sections, context) => {
    const seen = new Set<string>();
    sections.forEach((section, index) => {
      if (seen.has(section.id))
        context.addIssue({ code: 'custom', path: [index, 'id'], message: 'Each section needs its own id' });
      seen.add(section.id);
    });
  });

/** A number a section shows, with its unit, as a table cell, a tile or a chart's value. */
export const reportTableSchema = z.object({
  title: z.string(),
  columns: z.array(
    z.object({
      key: z.string(),
      header: z.string(),
      isNumber: z.boolean(),
      /** Decimals shown on paper and screen (the files keep the full number); 0 when absent. */
      fractionDigits: z.number().int().min(0).max(6).optional(),
    }),
  ),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
});
export type ReportTable = z.infer<typeof reportTableSchema>;

export const reportChartSchema = z.object({
  /** Bars, or lines over time. */
  kind: z.enum(['bar', 'line']),
  title: z.string(),
  categories: z.array(z.string()),
  /** Each category's total. */
  values: z.array(z.number()),
  /** The parts of each category's total, stacked (a saved analysis with columns); absent for one series. */
  series: z.array(z.object({ name: z.string(), values: z.array(z.number().nullable()) })).optional(),
  unit: z.string(),
});
export type ReportChart = z.infer<typeof reportChartSchema>;

/**
 * A section as shown: its text, tiles, tables and charts with the numbers of the moment (live) or of the
 * approval (snapshot). An approved version's snapshot is a list of these.
 */
export const renderedSectionSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  markdown: z.string().optional(),
  tiles: z
    .array(z.object({ key: z.string(), label: z.string(), value: z.number(), unit: z.string() }))
    .optional(),
  tables: z.array(reportTableSchema).default([]),
  charts: z.array(reportChartSchema).default([]),
});
export type RenderedSection = z.infer<typeof renderedSectionSchema>;

export const reportSummarySchema = z.object({
  id: uuidSchema,
  name: z.string(),
  status: reportStatusSchema,
  /** The newest version's number. */
  latestVersion: z.number().int(),
  /** The approved version's number, kept while a newer draft is edited; null before any approval. */
  approvedVersion: z.number().int().nullable(),
  createdOn: z.string(),
  modifiedOn: z.string(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

export const reportListResponseSchema = z.object({ reports: z.array(reportSummarySchema) });
export type ReportListResponse = z.infer<typeof reportListResponseSchema>;

export const reportVersionSummarySchema = z.object({
  number: z.number().int(),
  createdOn: z.string(),
  createdBy: z.string().nullable(),
  approvedOn: z.string().nullable(),
  approvedBy: z.string().nullable(),
});
export type ReportVersionSummary = z.infer<typeof reportVersionSummarySchema>;

export const reportVersionSchema = reportVersionSummarySchema.extend({
  sections: reportSectionsSchema,
  /** What the sections show: the snapshot for an approved version, else the live numbers. */
  content: z.array(renderedSectionSchema),
  /** An approved version whose live numbers now differ from its snapshot. */
  hasChangedSinceApproval: z.boolean(),
});
export type ReportVersion = z.infer<typeof reportVersionSchema>;

export const reportDetailSchema = z.object({
  report: reportSummarySchema,
  version: reportVersionSchema,
  versions: z.array(reportVersionSummarySchema),
});
export type ReportDetail = z.infer<typeof reportDetailSchema>;

export const reportInputSchema = z.object({
  name: z.string().trim().min(1, 'Give the report a name').max(MAX_REPORT_NAME_LENGTH),
  sections: reportSectionsSchema,
});
export type ReportInput = z.infer<typeof reportInputSchema>;

/** One section appended to the end of a report's newest version (the analysis page's "Add to report"). */
export const reportSectionAppendSchema = z.object({ section: reportSectionSchema });
export type ReportSectionAppend = z.infer<typeof reportSectionAppendSchema>;

export const REPORT_FULL_MESSAGE = `The report already has ${MAX_REPORT_SECTIONS} sections, the most it can hold`;
export const SECTION_ID_TAKEN_MESSAGE = 'The report already has a section with this id';

/** The status moves: an author submits (draft → in review), an administrator approves or returns to draft. */
export const REPORT_TRANSITIONS = ['submit', 'approve', 'return'] as const;
export const reportTransitionSchema = z.object({ action: z.enum(REPORT_TRANSITIONS) });
export type ReportTransition = z.infer<typeof reportTransitionSchema>['action'];

export const reportParamsSchema = z.object({ id: uuidSchema });
export const reportVersionParamsSchema = z.object({ id: uuidSchema, number: z.coerce.number().int().min(1) });

export const REPORT_EXPORT_FORMATS = ['pdf', 'xlsx', 'csv'] as const;
export const reportExportFormatSchema = z.enum(REPORT_EXPORT_FORMATS);
export type ReportExportFormat = z.infer<typeof reportExportFormatSchema>;

export const REPORT_EXPORT_CONTENT_TYPES: Readonly<Record<ReportExportFormat | 'zip', string>> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
};

export const reportExportQuerySchema = z.object({
  format: reportExportFormatSchema,
  /** The version to export; the approved one when there is one, else the newest. */
  version: z.coerce.number().int().min(1).optional(),
  /** For CSV: one table by its position among the report's tables (0 first); without it every table, zipped. */
  table: z.coerce.number().int().min(0).optional(),
});
export type ReportExportQuery = z.infer<typeof reportExportQuerySchema>;

export const MAX_SCHEDULE_RECIPIENTS = 20;

export const reportScheduleInputSchema = z.object({
  /** A 5-field (minute first) or 6-field (seconds first) cron expression, read in `timezone`. */
  cron: z.string().trim().min(1, 'Enter a cron expression').max(120),
  timezone: z.string().min(1).max(64).default('UTC'),
  format: reportExportFormatSchema,
  recipients: z
    .array(z.email('Enter an e-mail address'))
    .min(1, 'Add at least one recipient')
    .max(MAX_SCHEDULE_RECIPIENTS),
  isEnabled: z.boolean().default(true),
});
export type ReportScheduleInput = z.input<typeof reportScheduleInputSchema>;

export const REPORT_RUN_STATUSES = ['running', 'sent', 'failed'] as const;
export type ReportRunStatus = (typeof REPORT_RUN_STATUSES)[number];

export const reportRunSchema = z.object({
  id: uuidSchema,
  /** The slot the run was for (the earliest missed one when several were missed). */
  slot: z.string(),
  status: z.enum(REPORT_RUN_STATUSES),
  error: z.string().nullable(),
  startedOn: z.string(),
  finishedOn: z.string().nullable(),
});
export type ReportRun = z.infer<typeof reportRunSchema>;

export const reportScheduleSchema = z.object({
  id: uuidSchema,
  /** What it mails: a report, or a saved analysis (the other is null). */
  reportId: uuidSchema.nullable(),
  analysisViewId: uuidSchema.nullable(),
  cron: z.string(),
  timezone: z.string(),
  format: reportExportFormatSchema,
  recipients: z.array(z.string()),
  isEnabled: z.boolean(),
  /** The next slot it runs at; null when disabled. */
  nextRunAt: z.string().nullable(),
  runs: z.array(reportRunSchema),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

export const reportScheduleListResponseSchema = z.object({ schedules: z.array(reportScheduleSchema) });
export const reportScheduleParamsSchema = z.object({ id: uuidSchema, scheduleId: uuidSchema });

/** A file download: a stream the browser saves, not JSON. */
const fileDownloadSchema = z.unknown();

export const REPORT_NOT_FOUND_MESSAGE = 'Report not found';
export const SCHEDULE_NOT_FOUND_MESSAGE = 'Schedule not found';

export const reportEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/reports',
    responses: { 200: reportListResponseSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/reports',
    body: reportInputSchema,
    responses: { 201: reportDetailSchema },
  }),
  /** The approved version when there is one, else the newest. */
  get: defineEndpoint({
    method: 'GET',
    path: '/api/reports/:id',
    params: reportParamsSchema,
    responses: { 200: reportDetailSchema },
  }),
  version: defineEndpoint({
    method: 'GET',
    path: '/api/reports/:id/versions/:number',
    params: reportVersionParamsSchema,
    responses: { 200: reportDetailSchema },
  }),
  /** Saves a new version (a draft); 409 while the report is in review. */
  save: defineEndpoint({
    method: 'PUT',
    path: '/api/reports/:id',
    params: reportParamsSchema,
    body: reportInputSchema,
    responses: { 200: reportDetailSchema },
  }),
  /**
   * Appends one section as a new draft version, read and written in one transaction: 409 while in review or when
   * the report is full, 400 naming `body/section/viewId` for an analysis the author cannot see.
   */
  appendSection: defineEndpoint({
    method: 'POST',
    path: '/api/reports/:id/sections',
    params: reportParamsSchema,
    body: reportSectionAppendSchema,
    responses: { 200: reportDetailSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  /** 409 when the move does not fit the status (approving a draft). */
  transition: defineEndpoint({
    method: 'POST',
    path: '/api/reports/:id/status',
    params: reportParamsSchema,
    body: reportTransitionSchema,
    responses: { 200: reportDetailSchema },
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/reports/:id/export',
    params: reportParamsSchema,
    query: reportExportQuerySchema,
    responses: { 200: fileDownloadSchema },
  }),
  schedules: defineEndpoint({
    method: 'GET',
    path: '/api/reports/:id/schedules',
    params: reportParamsSchema,
    responses: { 200: reportScheduleListResponseSchema },
  }),
  /** 400 naming `body/cron` for an expression that is not valid. */
  createSchedule: defineEndpoint({
    method: 'POST',
    path: '/api/reports/:id/schedules',
    params: reportParamsSchema,
    body: reportScheduleInputSchema,
    responses: { 201: reportScheduleSchema },
  }),
  updateSchedule: defineEndpoint({
    method: 'PUT',
    path: '/api/reports/:id/schedules/:scheduleId',
    params: reportScheduleParamsSchema,
    body: reportScheduleInputSchema,
    responses: { 200: reportScheduleSchema },
  }),
  deleteSchedule: defineEndpoint({
    method: 'DELETE',
    path: '/api/reports/:id/schedules/:scheduleId',
    params: reportScheduleParamsSchema,
    responses: { 204: noContentSchema },
  }),
};

/** A saved analysis is mailed as its table: a workbook or a CSV file, not a PDF. */
export const ANALYSIS_SCHEDULE_FORMATS = ['xlsx', 'csv'] as const;
export const ANALYSIS_SCHEDULE_PDF_MESSAGE = 'A saved analysis is sent as XLSX or CSV';

/**
 * Schedules of a saved analysis (issue 11 item 6): the same cron, recipients and run history as a report's; each
 * run mails the analysis computed at the run. `:id` is the saved view's.
 */
export const analysisScheduleEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/analysis/views/:id/schedules',
    params: reportParamsSchema,
    responses: { 200: reportScheduleListResponseSchema },
  }),
  /** 400 naming `body/format` for a PDF, `body/cron` for an expression that is not valid. */
  create: defineEndpoint({
    method: 'POST',
    path: '/api/analysis/views/:id/schedules',
    params: reportParamsSchema,
    body: reportScheduleInputSchema,
    responses: { 201: reportScheduleSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/analysis/views/:id/schedules/:scheduleId',
    params: reportScheduleParamsSchema,
    body: reportScheduleInputSchema,
    responses: { 200: reportScheduleSchema },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/analysis/views/:id/schedules/:scheduleId',
    params: reportScheduleParamsSchema,
    responses: { 204: noContentSchema },
  }),
};
