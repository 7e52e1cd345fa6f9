import { apiErrorSchema } from '@ecc/contracts';

/** A non-2xx answer from the API, carrying the server's message (the body's `message`, else the status text). */
export class ApiResponseError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;

  constructor(status: number, statusText: string, body: unknown) {
    super(responseErrorMessage(statusText, body));
    this.name = 'ApiResponseError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
  }
}

export function isApiResponseError(error: unknown, status?: number): error is ApiResponseError {
  return error instanceof ApiResponseError && (status === undefined || error.status === status);
}

function responseErrorMessage(statusText: string, body: unknown): string {
  const parsed = apiErrorSchema.pick({ message: true }).safeParse(body);
  if (parsed.success && parsed.data.message.length > 0) return parsed.data.message;
  return statusText;
}
