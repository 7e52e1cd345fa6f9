import { z } from './zod.ts';
import { analyticsSettingsSchema } from './analytics.ts';
import { DEFAULT_AUTH_SESSION_LENGTH_SECONDS } from './constants.ts';
import { featureFlagSchema } from './feature-flag.ts';
import { planSchema } from './plans.ts';
import { hostNameSchema, urlSchema, uuidSchema } from './validation.ts';

/** An OpenID Connect sign-in strategy (spec section 3). Endpoints and issuer must be URLs. */
export const authenticationStrategySchema = z.object({
  active: z.boolean(),
  authorizationEndpoint: urlSchema,
  clientId: z.string().min(1),
  clientSecret: z.string().optional(),
  domain: z.string(),
  id: uuidSchema.optional(),
  issuer: urlSchema,
  jwksURI: urlSchema,
  name: z.string().min(1),
  organizationId: z.string(),
  provider: z.string().optional(),
  service: z.string(),
  tokenEndpoint: urlSchema,
  type: z.string(),
  /** Where the e-mail is read when the ID token does not carry it (OpenID Connect Core 5.3). */
  userinfoEndpoint: urlSchema.optional(),
  /**
   * Whether a first sign-in of someone without an invitation creates a member. Off when absent: only people with
   * a pending invitation for their verified e-mail address join, with the invitation's role.
   */
  createsMembers: z.boolean().optional(),
  /**
   * The e-mail domains whose people may sign in: the verified address's domain must equal one of them (any
   * case; a subdomain is another domain). Absent or empty: any domain.
   */
  allowedDomains: z.array(hostNameSchema).optional(),
  /** The claim naming the person's organisation at the provider, such as `hd` (Google) or `tid` (Microsoft). */
  organizationClaim: z.string().trim().min(1, 'Name the claim').max(100).optional(),
  /**
   * The values of `organizationClaim` whose people may sign in (exact match). Absent or empty: any
   * organisation.
   */
  allowedOrganizations: z
    .array(z.string().trim().min(1, 'An organisation cannot be empty').max(200))
    .optional(),
});
export type AuthenticationStrategy = z.infer<typeof authenticationStrategySchema>;

/**
 * A strategy's key in URLs (the sign-in start route, the login page's links, the strategy administration API):
 * its id, else its name.
 */
export function strategyKeyOf(strategy: Pick<AuthenticationStrategy, 'id' | 'name'>): string {
  return strategy.id ?? strategy.name;
}

/**
 * A licence users accept on /agreement. `revision` (1 when absent) goes up whenever its title or text changes,
 * so an acceptance of an earlier revision no longer counts.
 */
export const licenceSchema = z.object({
  id: z.string().min(1, 'A licence needs an id'),
  title: z.string().min(1, 'A licence needs a title'),
  text: z.string(),
  revision: z.number().int().positive().optional(),
});
export type Licence = z.infer<typeof licenceSchema>;

export const legalSchema = z.object({
  licenceAgreement: z.string().optional(),
  logo: z.string().optional(),
  logoDark: z.string().optional(),
  tos: z.string().optional(),
  marks: z.string().optional(),
  copyright: z.string().optional(),
  licences: z.array(licenceSchema).optional(),
});
export type Legal = z.infer<typeof legalSchema>;

const themeOptionSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  colors: z.record(z.string(), z.string()).optional(),
  logoImage: z.string().optional(),
  bannerImage: z.string().optional(),
  footerImage: z.string().optional(),
  backgroundImage: z.string().optional(),
});

/** A path (and the paths below it) that uses another realm theme than the selected one. */
export const themeOverrideSchema = z.object({ path: z.string().min(1), selected: z.string().min(1) });

/** A theme entry of an application: which realm theme is selected, with per-path overrides. */
export const themeEntrySchema = z.object({
  themes: z
    .object({
      light: z.record(z.string(), z.string()).optional(),
      dark: z.record(z.string(), z.string()).optional(),
    })
    .optional(),
  options: z.array(themeOptionSchema).optional(),
  selected: z.string().optional(),
  overrides: z.array(themeOverrideSchema).optional(),
});
export type ThemeEntry = z.infer<typeof themeEntrySchema>;

/** Configuration of one application of a realm (spec section 3). */
export const applicationConfigSchema = z.object({
  name: z.string().min(1),
  plan: planSchema.optional(),
  'feature-flags': z.string().optional(),
  flags: z.record(z.string(), featureFlagSchema).optional(),
  alternateHomePath: z.string().startsWith('/').optional(),
  authSessionLength: z.number().int().positive().default(DEFAULT_AUTH_SESSION_LENGTH_SECONDS),
  authentication: z.object({ strategies: z.array(authenticationStrategySchema).default([]) }).optional(),
  legal: legalSchema.optional(),
  version: z.string().optional(),
  copyright: z.object({ full: z.string().optional(), short: z.string().optional() }).optional(),
  'logo-image': z.string().optional(),
  proofworks: z
    .object({
      defaults: z.object({
        oracles: z.record(z.string(), z.unknown()).optional(),
        notaries: z.record(z.string(), z.unknown()).optional(),
        publishers: z.record(z.string(), z.unknown()).optional(),
      }),
    })
    .optional(),
  trademarks: z.object({ full: z.string().optional() }).optional(),
  themes: z.array(themeEntrySchema).optional(),
  analytics: analyticsSettingsSchema.optional(),
});
export type ApplicationConfig = z.infer<typeof applicationConfigSchema>;
