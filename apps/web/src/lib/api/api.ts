import { createApiClient } from './api-client.ts';
import type { ApiResponseError } from './api-response-error.ts';

let unauthorizedHandler: (error: ApiResponseError) => void = () => undefined;

/** The app installs the 401 reaction once its router and toasts exist (see app/start-app.tsx). */
export function setUnauthorizedHandler(handler: (error: ApiResponseError) => void): void {
  unauthorizedHandler = handler;
}

export const api = createApiClient({ onUnauthorized: (error) => unauthorizedHandler(error) });
