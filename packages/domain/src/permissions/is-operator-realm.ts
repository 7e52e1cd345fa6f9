import { OPERATOR_REALM_KEYS } from '@ecc/contracts';

/** Realms of the platform operator (`acm`, `context`), whose administrators manage other realms. */
export function isOperatorRealm(key: string): boolean {
  return (OPERATOR_REALM_KEYS as readonly string[]).includes(key);
}
