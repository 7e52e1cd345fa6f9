import {
  currentApplication,
  type EvaluatedFeatureFlag,
  type FeatureFlag,
  type FeatureFlagEvaluationContext,
  type Realm,
} from '@ecc/contracts';
import type { FeatureFlagDefinitions, UserRow } from '@ecc/db';
import { FlagdCore } from '@openfeature/flagd-core';
import type { FastifyBaseLogger } from 'fastify';

/*
 * Feature flags evaluated for the signed-in user: what the flags API answers the browser, and what the route
 * access hook checks for routes whose page requires a flag.
 */

/** What flagd logs through: the request's logger. */
export interface FlagLogger {
  error(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  info(...args: unknown[]): void;
  debug(...args: unknown[]): void;
}

/** What targeting sees of the signed-in user (spec section 3: realm, e-mail, id and plan). */
export function evaluationContextFor(realm: Realm, user: Pick<UserRow, 'id' | 'email'>) {
  const context: FeatureFlagEvaluationContext = {
    targetingKey: user.id,
    realm: realm.key,
    email: user.email,
    id: user.id,
    plan: currentApplication(realm).plan ?? '',
  };
  return context;
}

/** flagd's format needs a state; a definition without one is enabled. */
function toFlagdFlag(flag: FeatureFlag) {
  return {
    state: flag.state ?? 'ENABLED',
    variants: flag.variants,
    defaultVariant: flag.defaultVariant,
    ...(flag.targeting && Object.keys(flag.targeting).length > 0 ? { targeting: flag.targeting } : {}),
  };
}

/**
 * Every definition evaluated with flagd's own engine for one user, sorted by key. Targeting runs in the
 * interpreter (no generated code from administrator input); a rule that fails evaluates to false with reason
 * ERROR, and the failure goes to the log.
 */
export function evaluateFeatureFlags(
  definitions: FeatureFlagDefinitions,
  context: FeatureFlagEvaluationContext,
  logger: FlagLogger,
): EvaluatedFeatureFlag[] {
  const core = new FlagdCore(undefined, logger, { disableDynamicCodeGeneration: true });
  const flags = Object.fromEntries(
    Object.entries(definitions).map(([key, flag]) => [key, toFlagdFlag(flag)]),
  );
  core.setConfigurations(JSON.stringify({ flags }));
  return Object.keys(definitions)
    .sort()
    .map((key) => {
      const details = core.resolveBooleanEvaluation(key, false, { ...context });
      if (details.reason === 'ERROR') logger.warn(`Feature flag ${key}: ${details.errorMessage ?? 'error'}`);
      return {
        key,
        value: details.value === true,
        ...(details.variant ? { variant: details.variant } : {}),
        reason: details.reason ?? 'UNKNOWN',
      };
    });
}

/** flagd logs with a list of arguments, pino with (object, message): join them into one line. */
export function flagLogger(log: FastifyBaseLogger): FlagLogger {
  const line = (args: unknown[]) => args.map(String).join(' ');
  return {
    error: (...args) => log.error(line(args)),
    warn: (...args) => log.warn(line(args)),
    info: (...args) => log.info(line(args)),
    debug: (...args) => log.debug(line(args)),
  };
}
