import { messages } from '@ecc/contracts';
import type { ApiResponseError } from './api-response-error.ts';

export interface UnauthorizedToast {
  variant: 'destructive';
  title: string;
  description: string;
}

export interface UnauthorizedHandlerDependencies {
  showToast: (toast: UnauthorizedToast) => void;
  navigate: (path: string) => void;
  getPathname: () => string;
  /** Forget the cached session so the guards see the user as signed out. */
  onSignedOut: () => void;
}

/**
 * 401 on any call: a destructive toast titled with the server's message, 'Please log in again.', and /logout
 * (spec section 8). On /login a 401 is the sign-in form's own answer; on /logout the user is already leaving.
 */
export function createUnauthorizedHandler(dependencies: UnauthorizedHandlerDependencies) {
  return (error: ApiResponseError): void => {
    const pathname = dependencies.getPathname();
    if (pathname === '/login' || pathname === '/logout') return;
    dependencies.onSignedOut();
    dependencies.showToast({
      variant: 'destructive',
      title: error.message,
      description: messages.pleaseLogInAgain,
    });
    dependencies.navigate('/logout');
  };
}
