import { messages, routeValidationFailedMessage } from '@ecc/contracts';

/** The server holds no realm for this host (spec section 6). */
export class RealmNotFoundError extends Error {
  constructor() {
    super(messages.realmNotFound);
    this.name = 'RealmNotFoundError';
  }
}

/** A route's parameters failed their validation: a fatal 404 (spec section 8). */
export class RouteValidationError extends Error {
  readonly statusCode = 404;

  constructor(path: string) {
    super(routeValidationFailedMessage(path));
    this.name = 'RouteValidationError';
  }
}
