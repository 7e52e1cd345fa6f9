import {
  endpointUrl,
  importEndpoints,
  importFailureSchema,
  NDJSON_CONTENT_TYPE,
  type ActivityImportMapping,
  type ActivityImportPreview,
  type ActivityImportResult,
  type Endpoint,
  type ExportFormat,
  type FacilityImportMapping,
  type FacilityImportPreview,
  type FacilityImportResult,
  type GhgrpImportResult,
  type ImportRowErrorBody,
  type ImportTemplateKind,
} from '@ecc/contracts';
import { ApiResponseError } from '../api/api-response-error.ts';

export type ImportProgressHandler = (done: number, total: number) => void;

/** A commit refused with row errors (422): every error, and nothing was written. */
export class ImportRowsRejectedError extends Error {
  constructor(
    message: string,
    readonly errors: readonly ImportRowErrorBody[],
  ) {
    super(message);
    this.name = 'ImportRowsRejectedError';
  }
}

function formOf(file: File, fields: Record<string, string | undefined>): FormData {
  const form = new FormData();
  // Text fields first: the server reads the parts in order.
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  form.append('file', file, file.name);
  return form;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return text;
  }
}

async function failureOf(response: Response): Promise<Error> {
  const body = await readBody(response);
  const rejected = importFailureSchema.safeParse(body);
  if (rejected.success) return new ImportRowsRejectedError(rejected.data.message, rejected.data.errors);
  return new ApiResponseError(response.status, response.statusText, body);
}

/** Reads `{"type": "progress" | "result" | "error"}` lines as they arrive. */
async function readProgressStream<T>(response: Response, onProgress: ImportProgressHandler): Promise<T> {
  if (!response.body) throw new Error('The import answered without a body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffered += value ?? '';
    const lines = buffered.split('\n');
    buffered = done ? '' : (lines.pop() ?? '');
    for (const line of lines) {
      if (line.trim() === '') continue;
      const message = JSON.parse(line) as {
        type: string;
        done?: number;
        total?: number;
        result?: T;
        error?: unknown;
      };
      if (message.type === 'progress') onProgress(message.done ?? 0, message.total ?? 0);
      else if (message.type === 'result') return message.result as T;
      else throw new ApiResponseError(500, 'Import failed', message.error);
    }
    if (done) throw new Error('The import stopped before it answered');
  }
}

/**
 * Posts a form to an import endpoint. A 422 becomes ImportRowsRejectedError with every row error; any other
 * refusal an ApiResponseError whose body's `fieldErrors` (`body/file`, `body/mapping/quantity`) the dialogs put
 * on their fields with serverFieldErrors.
 */
async function postForm<T>(
  endpoint: Endpoint,
  form: FormData,
  options: { onProgress?: ImportProgressHandler; signal?: AbortSignal } = {},
): Promise<T> {
  const response = await fetch(endpointUrl(endpoint), {
    method: endpoint.method,
    credentials: 'include',
    headers: { Accept: options.onProgress ? `${NDJSON_CONTENT_TYPE}, application/json` : 'application/json' },
    body: form,
    signal: options.signal,
  });
  if (!response.ok) throw await failureOf(response);
  if (options.onProgress && (response.headers.get('content-type') ?? '').includes(NDJSON_CONTENT_TYPE)) {
    return readProgressStream<T>(response, options.onProgress);
  }
  return (await readBody(response)) as T;
}

/** Where activity rows go: the realm's facilities by the file's facility column, or one facility (its slug). */
export interface ActivityImportTarget {
  facilitySlug?: string;
}

function activityForm(file: File, mapping: ActivityImportMapping | undefined, target: ActivityImportTarget) {
  return formOf(file, {
    mapping: mapping ? JSON.stringify(mapping) : undefined,
    facility: target.facilitySlug,
  });
}

export function previewActivityImport(
  file: File,
  mapping: ActivityImportMapping | undefined,
  target: ActivityImportTarget,
  signal?: AbortSignal,
): Promise<ActivityImportPreview> {
  return postForm(importEndpoints.activityPreview, activityForm(file, mapping, target), { signal });
}

export function commitActivityImport(
  file: File,
  mapping: ActivityImportMapping,
  target: ActivityImportTarget,
  onProgress: ImportProgressHandler,
): Promise<ActivityImportResult> {
  return postForm(importEndpoints.activities, activityForm(file, mapping, target), { onProgress });
}

export function previewFacilityImport(
  file: File,
  mapping: FacilityImportMapping | undefined,
  signal?: AbortSignal,
): Promise<FacilityImportPreview> {
  const form = formOf(file, { mapping: mapping ? JSON.stringify(mapping) : undefined });
  return postForm(importEndpoints.facilityPreview, form, { signal });
}

export function commitFacilityImport(
  file: File,
  mapping: FacilityImportMapping,
  onProgress: ImportProgressHandler,
): Promise<FacilityImportResult> {
  return postForm(importEndpoints.facilities, formOf(file, { mapping: JSON.stringify(mapping) }), {
    onProgress,
  });
}

export function importGhgrpWorkbook(
  file: File,
  year: string,
  onProgress: ImportProgressHandler,
): Promise<GhgrpImportResult> {
  return postForm(importEndpoints.ghgrp, formOf(file, { year: year.trim() || undefined }), { onProgress });
}

/** The download address of an import template. */
export function importTemplateUrl(kind: ImportTemplateKind, format: ExportFormat): string {
  return endpointUrl(importEndpoints.template, { kind }, { format });
}
