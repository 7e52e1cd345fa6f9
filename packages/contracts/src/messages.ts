/**
 * Every user-visible string that the specification quotes, verbatim and in one place (spec sections 2, 5, 8).
 */
export const messages = {
  defaultTitle: 'Emissions Control Center',
  defaultDescription: 'View and manage emissions data for facilities.',
  invalidHexColor: 'Invalid hex color',
  invalidUuid: 'This field must be a valid UUID',
  invalidIsoDate: 'This field must be a valid ISO 8601 date',
  invalidDefaultVariant: 'defaultVariant must be one of the keys from variants',
  required: 'Required',
  invalidInput: 'Invalid input',
  realmNotFound: 'Could not find a realm on the server.',
  realmNotFoundConsole: 'Could not find a realm',
  pageNotFound: 'Page not found',
  errorPageNotFound: 'Page Not Found',
  internalServerError: 'Internal Server Error',
  mountError: 'Error while mounting app',
  pleaseLogInAgain: 'Please log in again.',
  rightsLoadFailed: 'Failed to get rights',
  sessionExpireSoonTitle: 'Your session will expire soon',
  sessionExpireSoonDescription: 'You will be logged out in 1 minute due to inactivity.',
  loggedOutInactiveTitle: 'You have been logged out due to inactivity.',
  loggedOutInactiveDescription: 'Please log in again to continue.',
  analyticsInvalidWriteKey: 'Unable to load the SDK due to invalid writeKey',
  analyticsTokenNotString: 'Provided input should be in string format',
  analyticsLoadFailed: 'Failed to load Rudder',
  invalidTimeValue: 'Invalid time value',
  cronSyntax: 'Could not describe this schedule. Please check the cron syntax.',
} as const;

/** 'Expected {expected}, received {received}' (spec section 8). */
export function expectedReceivedMessage(expected: string, received: string): string {
  return `Expected ${expected}, received ${received}`;
}

/** 404 text of an unknown route: 'Page not found' followed by the path (spec section 2). */
export function pageNotFoundMessage(path: string): string {
  return `${messages.pageNotFound}: ${path}`;
}

/** Fatal 404 of a route whose parameters fail validation (spec section 8). */
export function routeValidationFailedMessage(path: string): string {
  return `${messages.errorPageNotFound}: ${path}`;
}
