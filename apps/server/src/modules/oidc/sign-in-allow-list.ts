import type { AuthenticationStrategy } from '@ecc/contracts';

/**
 * The domain of an e-mail address: what follows its last `@`, lowercased. Undefined when there is none, so an
 * address such as `"a@example.com"@evil.io` is judged by `evil.io`.
 */
export function emailDomainOf(email: string): string | undefined {
  const at = email.lastIndexOf('@');
  const domain = email.slice(at + 1).toLowerCase();
  return at === -1 || domain === '' ? undefined : domain;
}

/**
 * Whether the address's domain is one of the allowed ones: equal, in any case. No suffix or prefix counts:
 * `evil-example.com`, `sub.example.com` and `example.com.evil.io` are other domains than `example.com`.
 */
export function isEmailDomainAllowed(email: string, allowedDomains: readonly string[]): boolean {
  const domain = emailDomainOf(email);
  return domain !== undefined && allowedDomains.some((allowed) => allowed.toLowerCase() === domain);
}

export type AllowListRefusal = 'domain' | 'organization';

/**
 * Why the strategy's allow-lists refuse this person, or undefined when they may sign in. `email` is the verified
 * address (undefined when the provider shared none); `claims` are the provider's, the organisation claim read
 * from them as a string and compared exactly. An empty or absent list allows everyone.
 */
export function allowListRefusalOf(
  strategy: Pick<AuthenticationStrategy, 'allowedDomains' | 'organizationClaim' | 'allowedOrganizations'>,
  email: string | undefined,
  claims: Readonly<Record<string, unknown>>,
): AllowListRefusal | undefined {
  const allowedDomains = strategy.allowedDomains ?? [];
  if (allowedDomains.length > 0 && (email === undefined || !isEmailDomainAllowed(email, allowedDomains))) {
    return 'domain';
  }
  const allowedOrganizations = strategy.allowedOrganizations ?? [];
  if (allowedOrganizations.length > 0) {
    const organization = strategy.organizationClaim ? claims[strategy.organizationClaim] : undefined;
    if (typeof organization !== 'string' || !allowedOrganizations.includes(organization)) {
      return 'organization';
    }
  }
  return undefined;
}
