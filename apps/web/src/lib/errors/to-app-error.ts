import { messages } from '@ecc/contracts';
import { isApiResponseError } from '../api/api-response-error.ts';
import { RealmNotFoundError, RouteValidationError } from './app-errors.ts';

/** What the error page shows: a status (default 500), an optional status message, and the error's message. */
export interface AppError {
  statusCode?: number;
  statusMessage?: string;
  message?: string;
}

export const DEFAULT_ERROR_STATUS = 500;

export function toAppError(error: unknown): AppError {
  if (error instanceof RouteValidationError) return { statusCode: error.statusCode, message: error.message };
  if (error instanceof RealmNotFoundError)
    return { statusCode: DEFAULT_ERROR_STATUS, message: messages.realmNotFound };
  if (isApiResponseError(error)) {
    return { statusCode: error.status, statusMessage: error.statusText || undefined, message: error.message };
  }
  // The router wraps errors thrown while parsing route parameters; the original says what went wrong.
  if (error instanceof Error && error.name === 'PathParamError' && error.cause !== undefined) {
    return toAppError(error.cause);
  }
  if (error instanceof Error) return { statusCode: DEFAULT_ERROR_STATUS, message: error.message };
  return { statusCode: DEFAULT_ERROR_STATUS, message: String(error) };
}

/** Spec section 2: 404 → 'Page Not Found'; otherwise the status message, else 'Internal Server Error'. */
export function errorPageText(error: AppError): {
  statusCode: number;
  title: string;
  message: string | undefined;
} {
  const statusCode = error.statusCode ?? DEFAULT_ERROR_STATUS;
  const title =
    statusCode === 404 ? messages.errorPageNotFound : error.statusMessage || messages.internalServerError;
  return { statusCode, title, message: error.message };
}
