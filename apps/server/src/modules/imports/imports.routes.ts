import { PassThrough } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import {
  ACTIVITY_IMPORT_COLUMNS,
  FACILITY_IMPORT_COLUMNS,
  importEndpoints,
  MAX_IMPORT_FILE_BYTES,
  NDJSON_CONTENT_TYPE,
  type ImportColumnDescription,
  type ImportProgressLine,
  type ImportTemplateKind,
} from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { apiError, fieldRefusal, InvalidInputError } from '#platform/errors.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { sendTableExport } from '#platform/table-export.ts';
import {
  commitActivityImport,
  commitFacilityImport,
  importGhgrpWorkbook,
  ImportRowsError,
  parseFacilityMapping,
  parseMapping,
  previewActivityImport,
  previewFacilityImport,
  type ImportFile,
} from './imports.service.ts';

interface UploadedForm {
  file: ImportFile;
  fields: Record<string, string>;
}

/** The multipart body: exactly one file in the field `file`, and text fields beside it. */
async function readUpload(request: FastifyRequest): Promise<UploadedForm> {
  if (!request.isMultipart()) {
    throw fieldRefusal(400, { 'body/file': 'Send the file as multipart/form-data in the field "file"' });
  }
  let file: ImportFile | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'file') file = { fileName: part.filename || 'upload', content };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // The plugin's own errors (a file over the limit: 413) carry their status; the parser's do not.
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw fieldRefusal(400, {
      'body/file': `The upload is not well-formed multipart/form-data (${(error as Error).message})`,
    });
  }
  if (!file) throw fieldRefusal(400, { 'body/file': 'Required' });
  return { file, fields };
}

function actorOf(request: FastifyRequest) {
  const { user } = requireSession(request);
  return { id: user.id, email: user.email };
}

function realmOf(request: FastifyRequest) {
  const { realm } = requireSession(request);
  return { id: realm.id, properties: realm.properties as Record<string, unknown> };
}

/** 400 for a bad file or mapping (each problem in `fieldErrors` by its form field), 422 with every row error. */
function toFailure(error: unknown): { statusCode: 400 | 422; body: unknown } | undefined {
  if (error instanceof ImportRowsError) {
    return { statusCode: 422 as const, body: { ...apiError(422, error.message), errors: error.errors } };
  }
  if (error instanceof InvalidInputError) {
    const refusal = error.toRefusal();
    return { statusCode: 400 as const, body: apiError(400, refusal.message, refusal.fieldErrors) };
  }
  return undefined;
}

function wantsProgress(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes(NDJSON_CONTENT_TYPE);
}

/**
 * Runs an import and answers its result as JSON, or, when the caller accepts NDJSON, as a stream of
 * `{"type":"progress","done","total"}` lines while rows are written, ending with a `result` or `error` line.
 * Validation happens before the first line, so a bad file still answers 400 or 422 as JSON; only a failure while
 * writing (the database, after the transaction rolled back) arrives as an `error` line.
 */
async function runImport(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (onProgress?: (done: number, total: number) => void) => Promise<unknown>,
): Promise<unknown> {
  const answerFailure = (error: unknown) => {
    const failure = toFailure(error);
    if (!failure) throw error;
    return reply.code(failure.statusCode).send(failure.body);
  };
  if (!wantsProgress(request)) return work().catch(answerFailure);

  const lines = new PassThrough();
  const writeLine = (line: ImportProgressLine) => lines.write(`${JSON.stringify(line)}\n`);
  let startStreaming: () => void = () => undefined;
  const firstProgress = new Promise<'streaming'>((resolve) => {
    startStreaming = () => resolve('streaming');
  });
  const running = work((done, total) => {
    startStreaming();
    writeLine({ type: 'progress', done, total });
  });
  const outcome = await Promise.race([
    running.then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    ),
    firstProgress,
  ]);
  if (outcome !== 'streaming') {
    if ('error' in outcome) return answerFailure(outcome.error);
    return outcome.result;
  }
  running.then(
    (result) => lines.end(`${JSON.stringify({ type: 'result', result } satisfies ImportProgressLine)}\n`),
    (error: unknown) => {
      request.log.error({ err: error }, 'Import failed while writing');
      const body = toFailure(error)?.body ?? apiError(500, 'Internal Server Error');
      lines.end(`${JSON.stringify({ type: 'error', error: body } satisfies ImportProgressLine)}\n`);
    },
  );
  // Sent as a stream payload, so the onSend hooks (security headers, cache-control) still apply.
  return reply.type(`${NDJSON_CONTENT_TYPE}; charset=utf-8`).send(lines);
}

const TEMPLATE_COLUMNS: Readonly<Record<ImportTemplateKind, readonly ImportColumnDescription[]>> = {
  activities: ACTIVITY_IMPORT_COLUMNS,
  'facility-activities': ACTIVITY_IMPORT_COLUMNS.filter((column) => column.field !== 'facility'),
  facilities: FACILITY_IMPORT_COLUMNS,
};

const TEMPLATE_NAMES: Readonly<Record<ImportTemplateKind, string>> = {
  activities: 'activity-data-template',
  'facility-activities': 'facility-activity-data-template',
  facilities: 'facilities-template',
};

/** The facility a facility page's import writes into: the form's `facility` field (a slug), if sent. */
function facilityTargetOf(fields: Record<string, string>) {
  const slug = fields.facility?.trim();
  return slug ? { facilitySlug: slug } : {};
}

/**
 * Imports (issue 4, item 7; issue 10, items 2 and 5). Multipart parsing is registered in this plugin's scope
 * only, so every other route keeps accepting JSON alone. Files up to MAX_IMPORT_FILE_BYTES; the access check runs
 * before any is read.
 */
export async function registerImportRoutes(app: FastifyInstance, database: Database): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_IMPORT_FILE_BYTES, files: 1, fields: 10, fieldSize: 1024 * 1024 },
      throwFileSizeLimit: true,
    });
    // The commits answer JSON or an NDJSON stream (runImport), which the typed routes cannot express.
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const importActivities = {
      access: permissionAccess('create', 'ImportBatch', { route: 'facility' }),
      acceptsMultipart: true,
    };
    const importFacilities = {
      access: permissionAccess('create', 'Facility', { route: 'facility' }),
      acceptsMultipart: true,
    };

    api.route({
      ...endpointRoute(importEndpoints.activityPreview),
      config: importActivities,
      handler: async (request) => {
        const { file, fields } = await readUpload(request);
        return previewActivityImport(
          database,
          realmOf(request),
          file,
          parseMapping(fields.mapping),
          facilityTargetOf(fields),
        );
      },
    });

    scope.route({
      ...endpointRoute(importEndpoints.activities),
      config: { ...importActivities, isRealmDataWrite: true },
      handler: async (request, reply) => {
        const { file, fields } = await readUpload(request);
        return runImport(request, reply, async (onProgress) =>
          commitActivityImport(
            database,
            realmOf(request),
            actorOf(request),
            file,
            parseMapping(fields.mapping),
            onProgress,
            facilityTargetOf(fields),
          ),
        );
      },
    });

    api.route({
      ...endpointRoute(importEndpoints.facilityPreview),
      config: importFacilities,
      handler: async (request) => {
        const { file, fields } = await readUpload(request);
        return previewFacilityImport(database, realmOf(request), file, parseFacilityMapping(fields.mapping));
      },
    });

    scope.route({
      ...endpointRoute(importEndpoints.facilities),
      config: { ...importFacilities, isRealmDataWrite: true },
      handler: async (request, reply) => {
        const { file, fields } = await readUpload(request);
        return runImport(request, reply, async (onProgress) =>
          commitFacilityImport(
            database,
            realmOf(request),
            actorOf(request),
            file,
            parseFacilityMapping(fields.mapping),
            onProgress,
          ),
        );
      },
    });

    scope.route({
      ...endpointRoute(importEndpoints.ghgrp),
      config: importFacilities,
      handler: async (request, reply) => {
        const { file, fields } = await readUpload(request);
        const year = fields.year === undefined || fields.year === '' ? undefined : Number(fields.year);
        if (year !== undefined && !(Number.isInteger(year) && year >= 2010 && year <= 2100)) {
          throw fieldRefusal(400, { 'body/year': 'Must be a reporting year such as 2020' });
        }
        return runImport(request, reply, async (onProgress) =>
          importGhgrpWorkbook(database, realmOf(request), actorOf(request), file, { year, onProgress }),
        );
      },
    });

    // A template is the header row of a file the import reads, which anyone who may import can download.
    api.route({
      ...endpointRoute(importEndpoints.template),
      config: { access: permissionAccess('create', 'ImportBatch', { route: 'facility' }) },
      handler: async (request, reply) =>
        sendTableExport(request, reply, {
          format: request.query.format,
          name: TEMPLATE_NAMES[request.params.kind],
          columns: TEMPLATE_COLUMNS[request.params.kind].map((column) => ({
            header: column.header,
            value: () => null,
            width: Math.max(12, column.header.length + 4),
          })),
          pages: (async function* () {})(),
        }),
    });
  });
}
