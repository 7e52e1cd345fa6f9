import { apiErrorSchema } from './api-error.ts';
import { defineEndpoint, noContentSchema } from './endpoint.ts';
import { exportFormatSchema } from './exports.ts';
import { gwpSetIdSchema } from './gwp-set.ts';
import { z } from './zod.ts';

/*
 * Calculations (issue 13): formulas in the calculation language of packages/domain/src/calculations
 * (docs/calculation-language.md), run by the engine on parameters. Masses are kg; a result is kg CO2e.
 */

/**
 * The longest formula the language reads, in characters: a 200-line method is about 10,000, so this leaves
 * room while keeping a parse of the largest formula in milliseconds.
 */
export const MAX_FORMULA_LENGTH = 100_000;
/** The longest text a formula may hold or be given: a literal, a parameter's value. */
export const MAX_CALCULATION_STRING_LENGTH = 1000;
export const MAX_CALCULATION_PARAMETERS = 500;
const MAX_PARAMETER_NAME_LENGTH = 100;

const formulaTooLongMessage = `The formula is too long: it may have at most ${MAX_FORMULA_LENGTH.toLocaleString('en-US')} characters`;

export const calculationFormulaSchema = z
  .string({ error: 'Give the formula as text' })
  .max(MAX_FORMULA_LENGTH, formulaTooLongMessage);

/** What a formula computes with: numbers, text, true/false, or nothing (null, which COALESCE replaces). */
export const calculationValueSchema = z.union([
  z.number(),
  z
    .string()
    .max(MAX_CALCULATION_STRING_LENGTH, `Must be at most ${MAX_CALCULATION_STRING_LENGTH} characters`),
  z.boolean(),
  z.null(),
]);
export type CalculationValue = z.infer<typeof calculationValueSchema>;

/** `{name: value}`, each name as the formula writes it after its colon (`:fuel` is `fuel`). */
export const calculationParametersSchema = z
  .record(
    z
      .string()
      .max(
        MAX_PARAMETER_NAME_LENGTH,
        `A parameter's name may have at most ${MAX_PARAMETER_NAME_LENGTH} characters`,
      ),
    calculationValueSchema,
  )
  .refine((parameters) => Object.keys(parameters).length <= MAX_CALCULATION_PARAMETERS, {
    message: `At most ${MAX_CALCULATION_PARAMETERS} parameters`,
  });
export type CalculationParameters = z.infer<typeof calculationParametersSchema>;

export const calculationDryRunRequestSchema = z.object({
  formula: calculationFormulaSchema,
  parameters: calculationParametersSchema.default({}),
  /** The GWP set that weighs EMIT lines and answers GWP(); the realm's set when absent. */
  gwp: gwpSetIdSchema.optional(),
});
export type CalculationDryRunRequest = z.infer<typeof calculationDryRunRequestSchema>;

/** A problem of a formula at its place: `line` and `column` count from 1; the end, when known, is exclusive. */
export const calculationErrorSchema = z.object({
  line: z.number().int(),
  column: z.number().int(),
  endLine: z.number().int().optional(),
  endColumn: z.number().int().optional(),
  message: z.string(),
});
export type CalculationError = z.infer<typeof calculationErrorSchema>;

/** The value of one statement of the formula, in the order they ran. */
export const calculationTraceEntrySchema = z.object({
  line: z.number().int(),
  /** The parameter a `set` line gave a value. */
  name: z.string().optional(),
  /** The gas of an `EMIT` line, whose value is its mass in kg. */
  gas: z.string().optional(),
  value: z.union([z.number(), z.string(), z.boolean(), z.null()]),
});
export type CalculationTraceEntry = z.infer<typeof calculationTraceEntrySchema>;

export const calculationDryRunResponseSchema = z.object({
  /** kg CO2e: the last line's value, or the EMIT lines' masses weighted by the GWP set. */
  value: z.union([z.number(), z.string(), z.boolean(), z.null()]),
  /** kg of each gas the EMIT lines emitted, when there are any. */
  gases: z.record(z.string(), z.number()).optional(),
  gwp: gwpSetIdSchema,
  trace: z.array(calculationTraceEntrySchema),
  errors: z.array(calculationErrorSchema),
});
export type CalculationDryRunResponse = z.infer<typeof calculationDryRunResponseSchema>;

/** 422: the formula does not read, or stopped while running; `trace` holds the lines that ran before. */
export const calculationFailureSchema = z.object({
  statusCode: z.literal(422),
  error: z.string(),
  message: z.string(),
  errors: z.array(calculationErrorSchema),
  trace: z.array(calculationTraceEntrySchema),
});
export type CalculationFailure = z.infer<typeof calculationFailureSchema>;

/*
 * Calculations as data (issue 13 item 2, decision 037): per realm, in folders, with numbered versions (a
 * published one never changes), tests run on every save, and bindings that make the engine run a calculation for
 * an activity type or an equipment type. A child realm sees its ancestors' calculations read-only.
 */

const MAX_NAME_LENGTH = 120;
/** The most tests a calculation is created with in one request. */
const MAX_CALCULATION_TESTS = 100;
const MAX_DESCRIPTION_LENGTH = 2000;

/** How formulas call a calculation (`#name`): a letter, then letters, digits, `_` or `-`. */
export const calculationNameSchema = z
  .string({ error: 'Give the name as text' })
  .trim()
  .min(1, 'Name is required')
  .max(MAX_NAME_LENGTH, `A name may have at most ${MAX_NAME_LENGTH} characters`)
  .regex(
    /^[A-Za-z][A-Za-z0-9_-]*$/,
    'A name starts with a letter and has only letters, digits, _ and - (formulas call it as #name)',
  );

const folderNameSchema = z
  .string({ error: 'Give the name as text' })
  .trim()
  .min(1, 'Name is required')
  .max(MAX_NAME_LENGTH, `A name may have at most ${MAX_NAME_LENGTH} characters`);

const descriptionSchema = z
  .string()
  .max(MAX_DESCRIPTION_LENGTH, `At most ${MAX_DESCRIPTION_LENGTH} characters`);

export const calculationParameterSchema = z.object({
  name: z
    .string()
    .regex(
      /^[A-Za-z_][A-Za-z0-9_]*$/,
      'A parameter name has letters, digits and _, not starting with a digit',
    )
    .max(MAX_PARAMETER_NAME_LENGTH),
  unit: z.string().max(40).default(''),
  description: descriptionSchema.default(''),
});
export type CalculationParameter = z.infer<typeof calculationParameterSchema>;

export const calculationIdParamsSchema = z.object({ id: z.uuid({ message: 'Must be a valid id' }) });
export const calculationVersionParamsSchema = calculationIdParamsSchema.extend({
  number: z.coerce.number().int().min(1, 'Versions count from 1'),
});
export const calculationTestParamsSchema = calculationIdParamsSchema.extend({
  testId: z.uuid({ message: 'Must be a valid id' }),
});

// Folders ---------------------------------------------------------------------------------------------------------

export const calculationFolderSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  /** The realm the folder is inherited from (its key), null for the realm's own. */
  inheritedFrom: z.string().nullable(),
});
export type CalculationFolder = z.infer<typeof calculationFolderSchema>;

export const calculationFolderInputSchema = z.object({
  name: folderNameSchema,
  parentId: z.uuid({ message: 'Must be a valid folder id' }).nullable().default(null),
});
export type CalculationFolderInput = z.input<typeof calculationFolderInputSchema>;

// Tests -----------------------------------------------------------------------------------------------------------

export const calculationTestInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(MAX_NAME_LENGTH),
    inputs: calculationParametersSchema.default({}),
    /** kg CO2e the formula should answer. */
    expectedValue: z.number().nullable().default(null),
    /** kg of each gas its EMIT lines should emit. */
    expectedGases: z.record(z.string(), z.number()).nullable().default(null),
    /** How far (absolute, kg) an answer may be from the expected one. */
    tolerance: z.number().min(0, 'The tolerance cannot be negative').default(1e-6),
  })
  .refine((test) => test.expectedValue !== null || test.expectedGases !== null, {
    message: 'Give the expected value or the expected gases',
    path: ['expectedValue'],
  });
export type CalculationTestInput = z.input<typeof calculationTestInputSchema>;

export const calculationTestRunSchema = z.object({
  testId: z.string(),
  name: z.string(),
  versionNumber: z.number().int(),
  isPassed: z.boolean(),
  actualValue: z.number().nullable(),
  actualGases: z.record(z.string(), z.number()).nullable(),
  /** Why it failed: the difference, or the formula's error at its line. */
  message: z.string(),
});
export type CalculationTestRun = z.infer<typeof calculationTestRunSchema>;

export const calculationTestSchema = z.object({
  id: z.string(),
  name: z.string(),
  inputs: z.record(z.string(), calculationValueSchema),
  expectedValue: z.number().nullable(),
  expectedGases: z.record(z.string(), z.number()).nullable(),
  tolerance: z.number(),
  /** Its newest run on the calculation's latest version, when it has run there. */
  lastRun: calculationTestRunSchema.nullable(),
});
export type CalculationTest = z.infer<typeof calculationTestSchema>;

// Calculations and versions ---------------------------------------------------------------------------------------

export const CALCULATION_VERSION_STATE_VALUES = ['draft', 'published'] as const;
export const CALCULATION_TEST_STATUS_VALUES = ['passed', 'failed', 'not-run', 'no-tests'] as const;

export const calculationVersionSchema = z.object({
  id: z.string(),
  /** The calculation it is a version of (what a create or copy answers names the new calculation by). */
  calculationId: z.string(),
  number: z.number().int(),
  formula: z.string(),
  parameters: z.array(calculationParameterSchema),
  state: z.enum(CALCULATION_VERSION_STATE_VALUES),
  authorId: z.string().nullable(),
  createdOn: z.string(),
  publishedOn: z.string().nullable(),
});
export type CalculationVersion = z.infer<typeof calculationVersionSchema>;

export const calculationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  folderId: z.string().nullable(),
  description: z.string(),
  latestVersion: z.number().int().nullable(),
  state: z.enum(CALCULATION_VERSION_STATE_VALUES).nullable(),
  publishedVersion: z.number().int().nullable(),
  /** Of the latest version's tests: all passed, one failed, some not run on it, or no tests. */
  testStatus: z.enum(CALCULATION_TEST_STATUS_VALUES),
  /** The realm (key) the calculation is inherited from, read-only here; null for the realm's own. */
  inheritedFrom: z.string().nullable(),
  modifiedOn: z.string(),
});
export type CalculationSummary = z.infer<typeof calculationSummarySchema>;

export const calculationListResponseSchema = z.object({
  folders: z.array(calculationFolderSchema),
  calculations: z.array(calculationSummarySchema),
});

export const calculationDetailSchema = calculationSummarySchema.extend({
  latest: calculationVersionSchema.nullable(),
  tests: z.array(calculationTestSchema),
  bindings: z.array(z.lazy(() => calculationBindingSchema)),
});
export type CalculationDetail = z.infer<typeof calculationDetailSchema>;

export const calculationCreateSchema = z.object({
  name: calculationNameSchema,
  folderId: z.uuid({ message: 'Must be a valid folder id' }).nullable().default(null),
  description: descriptionSchema.default(''),
  formula: calculationFormulaSchema.default(''),
  parameters: z.array(calculationParameterSchema).max(MAX_CALCULATION_PARAMETERS).default([]),
  /** Tests attached at once (a template's), run on the first draft like any save's. */
  tests: z.array(calculationTestInputSchema).max(MAX_CALCULATION_TESTS).default([]),
});
export type CalculationCreate = z.input<typeof calculationCreateSchema>;

/** Move or rename: the fields given change. */
export const calculationUpdateSchema = z.object({
  name: calculationNameSchema.optional(),
  folderId: z.uuid({ message: 'Must be a valid folder id' }).nullable().optional(),
  description: descriptionSchema.optional(),
});

export const calculationCopySchema = z.object({
  name: calculationNameSchema,
  folderId: z.uuid({ message: 'Must be a valid folder id' }).nullable().default(null),
});

export const calculationSaveSchema = z.object({
  formula: calculationFormulaSchema,
  parameters: z.array(calculationParameterSchema).max(MAX_CALCULATION_PARAMETERS).default([]),
});
export type CalculationSave = z.input<typeof calculationSaveSchema>;

/** A save: the new draft, its formula's problems (a draft may have some) and its tests' runs on it. */
export const calculationSaveResponseSchema = z.object({
  version: calculationVersionSchema,
  errors: z.array(calculationErrorSchema),
  testRuns: z.array(calculationTestRunSchema),
});
export type CalculationSaveResponse = z.infer<typeof calculationSaveResponseSchema>;

/** A version in the history, with who saved it. */
export const calculationVersionListItemSchema = calculationVersionSchema.extend({
  /**
   * The author's display name (their name, else their email); null when the author is not one of the realm's
   * users (deleted, or of another realm, such as a parent realm's for an inherited calculation) or there is none.
   */
  authorName: z.string().nullable(),
});
export type CalculationVersionListItem = z.infer<typeof calculationVersionListItemSchema>;

export const calculationVersionListResponseSchema = z.object({
  versions: z.array(calculationVersionListItemSchema),
});

export const calculationTestRunRequestSchema = z.object({
  /** The version to run them on; the latest when absent. */
  version: z.number().int().min(1).optional(),
});
export const calculationTestRunResponseSchema = z.object({
  versionNumber: z.number().int(),
  errors: z.array(calculationErrorSchema),
  testRuns: z.array(calculationTestRunSchema),
});

/** 409 of publishing: the formula's problems, or the tests that failed (none is published). */
export const calculationPublishRefusalSchema = z.object({
  statusCode: z.literal(409),
  error: z.string(),
  message: z.string(),
  errors: z.array(calculationErrorSchema),
  failingTests: z.array(calculationTestRunSchema),
});
export type CalculationPublishRefusal = z.infer<typeof calculationPublishRefusalSchema>;

// Bindings --------------------------------------------------------------------------------------------------------

export const CALCULATION_BINDING_KIND_VALUES = ['activity-type', 'equipment-type'] as const;

export const calculationBindingSchema = z.object({
  targetKind: z.enum(CALCULATION_BINDING_KIND_VALUES),
  /** The activity type, or the equipment type's key. */
  targetKey: z.string(),
  calculationId: z.string(),
  calculationName: z.string(),
  /** The realm (key) whose binding this is, when inherited; null for the realm's own. */
  inheritedFrom: z.string().nullable(),
});
export type CalculationBinding = z.infer<typeof calculationBindingSchema>;

export const calculationBindingInputSchema = z.object({
  targetKind: z.enum(CALCULATION_BINDING_KIND_VALUES, { error: 'Choose activity-type or equipment-type' }),
  targetKey: z.string().trim().min(1, 'Name the activity type or equipment type').max(MAX_NAME_LENGTH),
  calculationId: z.uuid({ message: 'Must be a valid calculation id' }),
});
export type CalculationBindingInput = z.input<typeof calculationBindingInputSchema>;

export const calculationBindingParamsSchema = z.object({
  targetKind: z.enum(CALCULATION_BINDING_KIND_VALUES, { error: 'Choose activity-type or equipment-type' }),
  targetKey: z.string().min(1).max(MAX_NAME_LENGTH),
});

/** What the realm may bind: the activity types its records and equipment types use, and its equipment types. */
export const calculationBindingTargetsSchema = z.object({
  /** Sorted; each once. */
  activityTypes: z.array(z.string()),
  equipmentTypes: z.array(z.object({ key: z.string(), name: z.string() })),
});
export type CalculationBindingTargets = z.infer<typeof calculationBindingTargetsSchema>;

export const calculationBindingListResponseSchema = z.object({
  bindings: z.array(calculationBindingSchema),
  targets: calculationBindingTargetsSchema,
});
export type CalculationBindingListResponse = z.infer<typeof calculationBindingListResponseSchema>;

// Datasets --------------------------------------------------------------------------------------------------------

/** The most rows one dataset version may hold: lookup tables, not data warehouses. */
export const MAX_DATASET_ROWS = 100_000;
/** The largest file an import takes, in characters of CSV or of base64 XLSX. */
export const MAX_DATASET_FILE_LENGTH = 8_000_000;

export const calculationDatasetVersionSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  asOf: z.string(),
  columns: z.array(z.string()),
  rowCount: z.number().int(),
  fileName: z.string(),
  createdOn: z.string(),
});

export const calculationDatasetSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  inheritedFrom: z.string().nullable(),
  versions: z.array(calculationDatasetVersionSchema),
});
export type CalculationDataset = z.infer<typeof calculationDatasetSchema>;

/** The most rows one page of a dataset version holds; every row is reached by paging. */
export const MAX_DATASET_PAGE_SIZE = 1000;
export const DEFAULT_DATASET_PAGE_SIZE = 100;

/** Which version's rows to read (the newest by as-of date when absent), and which page of them. */
export const calculationDatasetRowsQuerySchema = z.object({
  version: z.coerce.number().int().min(1, 'Versions count from 1').optional(),
  offset: z.coerce.number().int().min(0, 'The offset cannot be negative').default(0),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Ask for at least one row')
    .max(MAX_DATASET_PAGE_SIZE, `At most ${MAX_DATASET_PAGE_SIZE} rows a page`)
    .default(DEFAULT_DATASET_PAGE_SIZE),
});
export type CalculationDatasetRowsQuery = z.input<typeof calculationDatasetRowsQuerySchema>;

export const calculationDatasetDetailSchema = calculationDatasetSchema.extend({
  /** One page of the rows of the version asked for (the newest by as-of date by default), in file order. */
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  /** The number of the version the rows are of; null when the dataset has none. */
  versionNumber: z.number().int().nullable(),
  offset: z.number().int(),
  /** All the rows of that version, of which `rows` is a page. */
  totalRows: z.number().int(),
});
export type CalculationDatasetDetail = z.infer<typeof calculationDatasetDetailSchema>;

export const calculationDatasetListResponseSchema = z.object({ datasets: z.array(calculationDatasetSchema) });

export const calculationDatasetImportSchema = z.object({
  name: calculationNameSchema,
  description: descriptionSchema.default(''),
  /** In force for records dated on or after it. */
  asOf: z.iso.date({ message: 'Give the as-of date as YYYY-MM-DD' }),
  fileName: z.string().max(255).default(''),
  format: z.enum(['csv', 'xlsx'], { error: 'Choose csv or xlsx' }),
  /** CSV text, or the XLSX file in base64; the first row names the columns. */
  content: z
    .string()
    .min(1, 'The file is empty')
    .max(MAX_DATASET_FILE_LENGTH, 'The file is too large for a lookup table'),
});
export type CalculationDatasetImport = z.input<typeof calculationDatasetImportSchema>;

export const calculationDatasetParamsSchema = z.object({ id: z.uuid({ message: 'Must be a valid id' }) });

export const calculationEndpoints = {
  /** Runs a formula once on the parameters given; nothing is stored. 400 for a malformed request. */
  dryRun: defineEndpoint({
    method: 'POST',
    path: '/api/calculations/dry-run',
    body: calculationDryRunRequestSchema,
    responses: { 200: calculationDryRunResponseSchema, 422: calculationFailureSchema },
  }),
  /** The realm's calculations and folders with its ancestors' (inherited, read-only). */
  list: defineEndpoint({
    method: 'GET',
    path: '/api/calculations',
    responses: { 200: calculationListResponseSchema },
  }),
  /** 404 on `body/folderId` for an unknown folder; 409 on `body/name` for a name the realm has. */
  create: defineEndpoint({
    method: 'POST',
    path: '/api/calculations',
    body: calculationCreateSchema,
    responses: { 201: calculationSaveResponseSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  read: defineEndpoint({
    method: 'GET',
    path: '/api/calculations/:id',
    params: calculationIdParamsSchema,
    responses: { 200: calculationDetailSchema, 404: apiErrorSchema },
  }),
  /** Move (folderId), rename (name) or describe; 409 for a taken name, 404 for an unknown folder. */
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/calculations/:id',
    params: calculationIdParamsSchema,
    body: calculationUpdateSchema,
    responses: { 200: calculationSummarySchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  /** A copy with the latest version's formula as its first draft, and the tests; the source may be inherited. */
  copy: defineEndpoint({
    method: 'POST',
    path: '/api/calculations/:id/copy',
    params: calculationIdParamsSchema,
    body: calculationCopySchema,
    responses: { 201: calculationSaveResponseSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  /** 409 once a version is published (results may name it) or while it is bound. */
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/calculations/:id',
    params: calculationIdParamsSchema,
    responses: { 204: noContentSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  /** Save: a new draft version; the tests run on it and their runs come back. */
  save: defineEndpoint({
    method: 'POST',
    path: '/api/calculations/:id/versions',
    params: calculationIdParamsSchema,
    body: calculationSaveSchema,
    responses: { 201: calculationSaveResponseSchema, 404: apiErrorSchema },
  }),
  listVersions: defineEndpoint({
    method: 'GET',
    path: '/api/calculations/:id/versions',
    params: calculationIdParamsSchema,
    responses: { 200: calculationVersionListResponseSchema, 404: apiErrorSchema },
  }),
  readVersion: defineEndpoint({
    method: 'GET',
    path: '/api/calculations/:id/versions/:number',
    params: calculationVersionParamsSchema,
    responses: { 200: calculationVersionSchema, 404: apiErrorSchema },
  }),
  /** Publishes a draft after running its tests: 409 with the formula's problems or the failing tests. */
  publish: defineEndpoint({
    method: 'POST',
    path: '/api/calculations/:id/versions/:number/publish',
    params: calculationVersionParamsSchema,
    responses: {
      200: calculationVersionSchema,
      404: apiErrorSchema,
      409: z.union([calculationPublishRefusalSchema, apiErrorSchema]),
    },
  }),
  listTests: defineEndpoint({
    method: 'GET',
    path: '/api/calculations/:id/tests',
    params: calculationIdParamsSchema,
    responses: { 200: z.object({ tests: z.array(calculationTestSchema) }), 404: apiErrorSchema },
  }),
  createTest: defineEndpoint({
    method: 'POST',
    path: '/api/calculations/:id/tests',
    params: calculationIdParamsSchema,
    body: calculationTestInputSchema,
    responses: { 201: calculationTestSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  updateTest: defineEndpoint({
    method: 'PUT',
    path: '/api/calculations/:id/tests/:testId',
    params: calculationTestParamsSchema,
    body: calculationTestInputSchema,
    responses: { 200: calculationTestSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  deleteTest: defineEndpoint({
    method: 'DELETE',
    path: '/api/calculations/:id/tests/:testId',
    params: calculationTestParamsSchema,
    responses: { 204: noContentSchema, 404: apiErrorSchema },
  }),
  /** Runs the tests on a version (the latest by default) and keeps the runs. */
  runTests: defineEndpoint({
    method: 'POST',
    path: '/api/calculations/:id/tests/run',
    params: calculationIdParamsSchema,
    body: calculationTestRunRequestSchema,
    responses: { 200: calculationTestRunResponseSchema, 404: apiErrorSchema },
  }),
  listFolders: defineEndpoint({
    method: 'GET',
    path: '/api/calculation-folders',
    responses: { 200: z.object({ folders: z.array(calculationFolderSchema) }) },
  }),
  /** 404 on `body/parentId` for an unknown parent; 409 on `body/name` for a name its parent has. */
  createFolder: defineEndpoint({
    method: 'POST',
    path: '/api/calculation-folders',
    body: calculationFolderInputSchema,
    responses: { 201: calculationFolderSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  /** Rename or move; 409 for a taken name or a move into itself. */
  updateFolder: defineEndpoint({
    method: 'PUT',
    path: '/api/calculation-folders/:id',
    params: calculationIdParamsSchema,
    body: calculationFolderInputSchema,
    responses: { 200: calculationFolderSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  /** 409 while it or a subfolder holds calculations. */
  deleteFolder: defineEndpoint({
    method: 'DELETE',
    path: '/api/calculation-folders/:id',
    params: calculationIdParamsSchema,
    responses: { 204: noContentSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  /**
   * The bindings in force (the realm's own and those it inherits and has not overridden), and the targets the
   * realm may bind.
   */
  listBindings: defineEndpoint({
    method: 'GET',
    path: '/api/calculation-bindings',
    responses: { 200: calculationBindingListResponseSchema },
  }),
  /** Binds (or rebinds) a target; 404 for an unknown calculation, 409 when it has no published version. */
  bind: defineEndpoint({
    method: 'PUT',
    path: '/api/calculation-bindings',
    body: calculationBindingInputSchema,
    responses: { 200: calculationBindingSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  /** Removes the realm's own binding (an inherited one then applies again). */
  unbind: defineEndpoint({
    method: 'DELETE',
    path: '/api/calculation-bindings/:targetKind/:targetKey',
    params: calculationBindingParamsSchema,
    responses: { 204: noContentSchema, 404: apiErrorSchema },
  }),
  listDatasets: defineEndpoint({
    method: 'GET',
    path: '/api/calculation-datasets',
    responses: { 200: calculationDatasetListResponseSchema },
  }),
  /** A page of a version's rows; 404 for an unknown dataset, or on `query/version` for an unknown version. */
  readDataset: defineEndpoint({
    method: 'GET',
    path: '/api/calculation-datasets/:id',
    params: calculationDatasetParamsSchema,
    query: calculationDatasetRowsQuerySchema,
    responses: { 200: calculationDatasetDetailSchema, 404: apiErrorSchema },
  }),
  /** Every row of a version (the newest by as-of date when absent) as a CSV or XLSX download; 404 as the read. */
  exportDataset: defineEndpoint({
    method: 'GET',
    path: '/api/exports/calculation-datasets/:id',
    params: calculationDatasetParamsSchema,
    query: calculationDatasetRowsQuerySchema.pick({ version: true }).extend({ format: exportFormatSchema }),
    responses: { 200: z.unknown(), 404: apiErrorSchema },
  }),
  /** The GWP sets of `/calc-editor/constants`: a row per gas, a column per set, as CSV or XLSX. */
  exportGwpSets: defineEndpoint({
    method: 'GET',
    path: '/api/exports/calculation-constants/gwp-sets',
    query: z.object({ format: exportFormatSchema }),
    responses: { 200: z.unknown() },
  }),
  /** The units of `/calc-editor/constants` matching the page's search `q` (every unit without it). */
  exportUnits: defineEndpoint({
    method: 'GET',
    path: '/api/exports/calculation-constants/units',
    query: z.object({ q: z.string().max(200).optional(), format: exportFormatSchema }),
    responses: { 200: z.unknown() },
  }),
  /** The realm's own dataset with all its versions; an inherited one answers 404. */
  deleteDataset: defineEndpoint({
    method: 'DELETE',
    path: '/api/calculation-datasets/:id',
    params: calculationDatasetParamsSchema,
    responses: { 204: noContentSchema, 404: apiErrorSchema },
  }),
  /** A new version of the dataset (made on its first import); 422 naming each bad row and column. */
  importDataset: defineEndpoint({
    method: 'POST',
    path: '/api/calculation-datasets/import',
    body: calculationDatasetImportSchema,
    responses: { 201: calculationDatasetSchema, 422: apiErrorSchema },
  }),
};
