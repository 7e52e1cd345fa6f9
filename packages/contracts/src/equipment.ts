import { z } from './zod.ts';
import { defineEndpoint, noContentSchema } from './endpoint.ts';

/*
 * The equipment manager (issue 4, item 6). An equipment type's form is a JSON Schema kept per version; these
 * schemas check the API's shapes only. Whether a schema is a valid JSON Schema, and whether an item's
 * properties satisfy its type's schema, is decided by the server with ajv and answered as 400 naming the path.
 */

/** Type keys appear in URLs (`/equipment-manager/{schema}/…`), so they are slugs. */
export const equipmentTypeKeySchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens')
  .max(60);

export const EQUIPMENT_FIELD_TYPES = ['string', 'number', 'integer', 'boolean', 'enum'] as const;
export type EquipmentFieldType = (typeof EQUIPMENT_FIELD_TYPES)[number];

/** One field of the admin screen's field builder; `buildEquipmentSchema` (domain) turns a list into a schema. */
export const equipmentFieldSchema = z.object({
  name: z
    .string()
    .regex(/^[a-zA-Z][a-zA-Z0-9_]*$/, 'Start with a letter; use letters, digits and underscores')
    .max(60),
  label: z.string().trim().min(1, 'Required').max(120),
  type: z.enum(EQUIPMENT_FIELD_TYPES),
  unit: z.string().max(40).optional(),
  description: z.string().max(300).optional(),
  isRequired: z.boolean(),
  options: z.array(z.string().min(1)).optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  /** For text: a regular expression the value must contain a match of (JSON Schema `pattern`, run on RE2). */
  pattern: z.string().min(1).max(1000).optional(),
});
export type EquipmentField = z.infer<typeof equipmentFieldSchema>;

/** A JSON Schema as stored; its validity is checked by the server (ajv meta-validation), not here. */
export const jsonSchemaObjectSchema = z.record(z.string(), z.unknown());
export type JsonSchemaObject = z.infer<typeof jsonSchemaObjectSchema>;

export const equipmentTypeVersionSchema = z.object({
  version: z.number().int(),
  schema: jsonSchemaObjectSchema,
  activityTypes: z.array(z.string()),
  calculationMethodId: z.string().nullable(),
  createdOn: z.string(),
});
export type EquipmentTypeVersion = z.infer<typeof equipmentTypeVersionSchema>;

export const equipmentTypeSchema = z.object({
  id: z.uuid(),
  key: z.string(),
  name: z.string(),
  currentVersion: z.number().int(),
  /** The current version, which new and edited equipment is validated against. */
  current: equipmentTypeVersionSchema,
});
export type EquipmentType = z.infer<typeof equipmentTypeSchema>;

export const equipmentTypeDetailSchema = equipmentTypeSchema.extend({
  /** Every version, newest first. */
  versions: z.array(equipmentTypeVersionSchema),
});
export type EquipmentTypeDetail = z.infer<typeof equipmentTypeDetailSchema>;

export const equipmentTypeListResponseSchema = z.object({ results: z.array(equipmentTypeSchema) });
export type EquipmentTypeListResponse = z.infer<typeof equipmentTypeListResponseSchema>;

const typeVersionFieldsSchema = z.object({
  schema: jsonSchemaObjectSchema,
  activityTypes: z.array(z.string().min(1)).max(20).default([]),
  calculationMethodId: z.string().min(1).nullable().default(null),
});

export const createEquipmentTypeRequestSchema = typeVersionFieldsSchema.extend({
  key: equipmentTypeKeySchema,
  name: z.string().trim().min(1, 'Required').max(120),
});
export type CreateEquipmentTypeRequest = z.input<typeof createEquipmentTypeRequestSchema>;

export const createEquipmentTypeVersionRequestSchema = typeVersionFieldsSchema.extend({
  /** A new display name for the type, if it changes with this version. */
  name: z.string().trim().min(1, 'Required').max(120).optional(),
});
export type CreateEquipmentTypeVersionRequest = z.input<typeof createEquipmentTypeVersionRequestSchema>;

export const equipmentSiteSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  sector: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string(),
  /** Pieces of equipment at the site, by type key. */
  equipmentCounts: z.record(z.string(), z.number().int()),
  equipmentTotal: z.number().int(),
});
export type EquipmentSite = z.infer<typeof equipmentSiteSchema>;

export const equipmentSiteListResponseSchema = z.object({ results: z.array(equipmentSiteSchema) });
export type EquipmentSiteListResponse = z.infer<typeof equipmentSiteListResponseSchema>;

export const equipmentItemSchema = z.object({
  id: z.uuid(),
  facilityId: z.uuid(),
  facilityName: z.string(),
  typeKey: z.string(),
  typeName: z.string(),
  typeVersion: z.number().int(),
  name: z.string(),
  properties: z.record(z.string(), z.unknown()),
  createdOn: z.string(),
  modifiedOn: z.string(),
});
export type EquipmentItem = z.infer<typeof equipmentItemSchema>;

export const equipmentListQuerySchema = z.object({
  facilityId: z.uuid().optional(),
  type: equipmentTypeKeySchema.optional(),
});
export type EquipmentListQuery = z.infer<typeof equipmentListQuerySchema>;

export const equipmentListResponseSchema = z.object({ results: z.array(equipmentItemSchema) });
export type EquipmentListResponse = z.infer<typeof equipmentListResponseSchema>;

export const equipmentNameSchema = z.string().trim().min(1, 'Required').max(200);

export const createEquipmentRequestSchema = z.object({
  facilityId: z.uuid(),
  typeKey: equipmentTypeKeySchema,
  name: equipmentNameSchema,
  properties: z.record(z.string(), z.unknown()),
});
export type CreateEquipmentRequest = z.infer<typeof createEquipmentRequestSchema>;

/** An edit is validated against the type's current version, and moves the item to it. */
export const updateEquipmentRequestSchema = z.object({
  name: equipmentNameSchema,
  properties: z.record(z.string(), z.unknown()),
});
export type UpdateEquipmentRequest = z.infer<typeof updateEquipmentRequestSchema>;

export const equipmentIdParamsSchema = z.object({ id: z.uuid() });
export const equipmentTypeKeyParamsSchema = z.object({ key: equipmentTypeKeySchema });

/**
 * The equipment manager (issue 4, item 6): equipment types (a JSON Schema per version), the equipment at the
 * realm's facilities, and the facilities as sites.
 */
export const equipmentEndpoints = {
  types: defineEndpoint({
    method: 'GET',
    path: '/api/equipment/types',
    responses: { 200: equipmentTypeListResponseSchema },
  }),
  type: defineEndpoint({
    method: 'GET',
    path: '/api/equipment/types/:key',
    params: equipmentTypeKeyParamsSchema,
    responses: { 200: equipmentTypeDetailSchema },
  }),
  createType: defineEndpoint({
    method: 'POST',
    path: '/api/equipment/types',
    body: createEquipmentTypeRequestSchema,
    responses: { 201: equipmentTypeDetailSchema },
  }),
  createTypeVersion: defineEndpoint({
    method: 'POST',
    path: '/api/equipment/types/:key/versions',
    params: equipmentTypeKeyParamsSchema,
    body: createEquipmentTypeVersionRequestSchema,
    responses: { 201: equipmentTypeDetailSchema },
  }),
  sites: defineEndpoint({
    method: 'GET',
    path: '/api/equipment/sites',
    responses: { 200: equipmentSiteListResponseSchema },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/equipment',
    query: equipmentListQuerySchema,
    responses: { 200: equipmentListResponseSchema },
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/equipment/:id',
    params: equipmentIdParamsSchema,
    responses: { 200: equipmentItemSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/equipment',
    body: createEquipmentRequestSchema,
    responses: { 201: equipmentItemSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/equipment/:id',
    params: equipmentIdParamsSchema,
    body: updateEquipmentRequestSchema,
    responses: { 200: equipmentItemSchema },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/equipment/:id',
    params: equipmentIdParamsSchema,
    responses: { 204: noContentSchema },
  }),
};
