import { configuredLicences, isAuthRequired, isSessionActive, unacceptedLicences } from '@ecc/contracts';
import { AGREEMENT_PATH, agreementHref } from '../../lib/licences/agreement-path.ts';
import type { RouteMiddleware } from './route-middleware.ts';

/** Pages a user with unaccepted licences may still open: the agreement itself and the way out. */
const PATHS_WITHOUT_AGREEMENT: readonly string[] = [AGREEMENT_PATH, '/login', '/logout'];

/**
 * Spec sections 1 and 4: a signed-in user who has not accepted every licence the application's legal config
 * names goes to /agreement first. Realms without licences never ask for the user.
 */
export const licencesMiddleware: RouteMiddleware = async (context) => {
  if (PATHS_WITHOUT_AGREEMENT.includes(context.pathname) || !isAuthRequired(context.route)) return undefined;
  const application = await context.loadApplication();
  if (configuredLicences(application).length === 0) return undefined;
  if (!isSessionActive(await context.loadSession())) return undefined;
  const user = await context.loadUser();
  if (!user || unacceptedLicences(application, user.properties).length === 0) return undefined;
  return { redirectTo: agreementHref(context.href) };
};
