import { realmSchema, type Realm } from '@ecc/contracts';
import type { RealmRow } from './schema.ts';

/** Host names are case-insensitive; realms store and match them lowercased, without a trailing dot. */
export function normalizeDomain(domain: string): string {
  return domain.trim().toLowerCase().replace(/\.$/, '');
}

/** A realm row as the contracts' `Realm` (spec section 3 field names), validated on the way out. */
export function realmRowToRealm(row: RealmRow, parentKey: string | null): Realm {
  return realmSchema.parse({
    id: row.id,
    active: row.active,
    realm: row.realm,
    name: row.name,
    type: row.type,
    domains: row.domains,
    key: row.key,
    parentKey,
    'created-by': row.createdBy,
    'modified-by': row.modifiedBy,
    'created-on': row.createdOn.toISOString(),
    'modified-on': row.modifiedOn.toISOString(),
    properties: row.properties,
  });
}

/** The columns a realm write sets, from contracts-shaped values. */
export interface RealmValues {
  key: string;
  parentId: string | null;
  active: boolean;
  realm: string;
  name: string;
  type: string;
  domains: readonly string[];
  properties: Realm['properties'];
  modifiedBy?: string | null;
}
