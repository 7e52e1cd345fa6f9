import { activityRecordListQuerySchema } from './activities.ts';
import { apiErrorSchema } from './api-error.ts';
import { auditLogFilterSchema } from './audit.ts';
import { calculationIdParamsSchema } from './calculations.ts';
import { emissionFactorListQuerySchema } from './emissions.ts';
import { defineEndpoint } from './endpoint.ts';
import { equipmentListQuerySchema } from './equipment.ts';
import { exportFormatSchema } from './exports.ts';
import { facilityListQuerySchema, facilitySlugParamsSchema } from './facilities.ts';
import { managedRealmListQuerySchema } from './managed-realms.ts';
import { denominatorListQuerySchema } from './organisation.ts';
import { planExportQuerySchema } from './pathways.ts';
import { realmParamsSchema } from './realm-settings.ts';
import { reportParamsSchema } from './reports.ts';
import { z } from './zod.ts';

/** A list's query without its paging, plus the format: what an export of that list takes. */
const PAGING = { limit: true, offset: true } as const;
const formatShape = { format: exportFormatSchema };

/** A file download: a stream the browser saves, not JSON. */
const fileDownloadSchema = z.unknown();

/**
 * One export per table, each with the same permission as reading the table and the filters of its list. Their
 * paths sit under `/api/exports/`, where no slug or id of a list's own path can take them.
 */
export const exportEndpoints = {
  facilities: defineEndpoint({
    method: 'GET',
    path: '/api/exports/facilities',
    query: facilityListQuerySchema.omit(PAGING).extend(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
  activityRecords: defineEndpoint({
    method: 'GET',
    path: '/api/exports/facilities/:slug/activity-records',
    params: facilitySlugParamsSchema,
    query: activityRecordListQuerySchema.omit(PAGING).extend(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
  emissionFactors: defineEndpoint({
    method: 'GET',
    path: '/api/exports/emission-factors',
    query: emissionFactorListQuerySchema.omit(PAGING).extend(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
  /** The realm's unpublished factors, every page of them. */
  draftEmissionFactors: defineEndpoint({
    method: 'GET',
    path: '/api/exports/emission-factors/drafts',
    query: z.object(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
  /** What a facility reported to a programme (EPA GHGRP), a row per year and gas; an unknown slug: 404. */
  facilityReportedEmissions: defineEndpoint({
    method: 'GET',
    path: '/api/exports/facilities/:slug/reported-emissions',
    params: facilitySlugParamsSchema,
    query: z.object(formatShape),
    responses: { 200: fileDownloadSchema, 404: apiErrorSchema },
  }),
  businessUnits: defineEndpoint({
    method: 'GET',
    path: '/api/exports/business-units',
    query: z.object(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
  /** The intensity denominators, of one year when the page shows one. */
  denominators: defineEndpoint({
    method: 'GET',
    path: '/api/exports/denominators',
    query: denominatorListQuerySchema.extend(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
  targets: defineEndpoint({
    method: 'GET',
    path: '/api/exports/pathways/targets',
    query: z.object(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
  auditLog: defineEndpoint({
    method: 'GET',
    path: '/api/exports/audit-log',
    query: auditLogFilterSchema.extend(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/api/exports/users',
    query: z.object(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
  equipment: defineEndpoint({
    method: 'GET',
    path: '/api/exports/equipment',
    query: equipmentListQuerySchema.extend(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
  abatementMeasures: defineEndpoint({
    method: 'GET',
    path: '/api/exports/abatement/measures',
    query: z.object(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
  sectorPathways: defineEndpoint({
    method: 'GET',
    path: '/api/exports/pathways/sector-pathways',
    query: z.object(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
  /**
   * A solved plan of `/lighttouch`, evaluated again on the realm's measures: 422 on `querystring/request/plan/<i>/…`
   * for a measure not in the realm's library or a start that breaks a rule.
   */
  optimizerPlan: defineEndpoint({
    method: 'GET',
    path: '/api/exports/abatement/plan',
    query: planExportQuerySchema,
    responses: { 200: fileDownloadSchema, 422: apiErrorSchema },
  }),
  /** A calculation's versions as its History tab lists them, with their tests' results; 404 as the list. */
  calculationVersions: defineEndpoint({
    method: 'GET',
    path: '/api/exports/calculations/:id/versions',
    params: calculationIdParamsSchema,
    query: z.object(formatShape),
    responses: { 200: fileDownloadSchema, 404: apiErrorSchema },
  }),
  /** Every calculation the realm sees (its own and inherited) with its folder path, as the file tree lists them. */
  calculations: defineEndpoint({
    method: 'GET',
    path: '/api/exports/calculations',
    query: z.object(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
  /** The starting points of `/calc-editor/templates`, the same in every realm. */
  calculationTemplates: defineEndpoint({
    method: 'GET',
    path: '/api/exports/calculation-templates',
    query: z.object(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
  /** The bindings in force, of one calculation when `calculationId` is given (as its Bindings tab lists them). */
  calculationBindings: defineEndpoint({
    method: 'GET',
    path: '/api/exports/calculation-bindings',
    query: z.object({ ...formatShape, calculationId: z.uuid({ message: 'Must be a valid id' }).optional() }),
    responses: { 200: fileDownloadSchema },
  }),
  featureFlags: defineEndpoint({
    method: 'GET',
    path: '/api/exports/feature-flags',
    query: z.object(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
  invitations: defineEndpoint({
    method: 'GET',
    path: '/api/exports/invitations',
    query: z.object(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
  roles: defineEndpoint({
    method: 'GET',
    path: '/api/exports/roles',
    query: z.object(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
  /** A realm's sign-in strategies, never a client secret; another realm than the caller may manage: 404. */
  loginStrategies: defineEndpoint({
    method: 'GET',
    path: '/api/exports/realms/:realmId/login-strategies',
    params: realmParamsSchema,
    query: z.object(formatShape),
    responses: { 200: fileDownloadSchema, 404: apiErrorSchema },
  }),
  realms: defineEndpoint({
    method: 'GET',
    path: '/api/exports/realms',
    query: managedRealmListQuerySchema.omit(PAGING).extend(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
  /** A report's schedules with every run each has had (the page shows the newest ten); another realm's: 404. */
  reportSchedules: defineEndpoint({
    method: 'GET',
    path: '/api/exports/reports/:id/schedules',
    params: reportParamsSchema,
    query: z.object(formatShape),
    responses: { 200: fileDownloadSchema, 404: apiErrorSchema },
  }),
  /** A saved analysis's schedules with every run, for a view the caller sees; otherwise 404. */
  analysisSchedules: defineEndpoint({
    method: 'GET',
    path: '/api/exports/analysis/views/:id/schedules',
    params: reportParamsSchema,
    query: z.object(formatShape),
    responses: { 200: fileDownloadSchema, 404: apiErrorSchema },
  }),
};
