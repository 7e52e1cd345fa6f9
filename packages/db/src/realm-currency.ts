import { sql } from 'drizzle-orm';
import type { Database } from './create-database.ts';

/** The currency every money figure of a realm is in (decision 050), and whether it comes from a realm above. */
export interface RealmCurrency {
  readonly currency: string;
  /** True when the realm has no currency of its own: the nearest realm above with one, else USD. */
  readonly isInherited: boolean;
}

interface CurrencyRow {
  own: unknown;
  inherited: unknown;
}

function rowsOf(result: unknown): CurrencyRow[] {
  return (result as { rows: CurrencyRow[] }).rows;
}

function toRealmCurrency(row: CurrencyRow): RealmCurrency {
  return typeof row.own === 'string'
    ? { currency: row.own, isInherited: false }
    : { currency: String(row.inherited), isInherited: true };
}

/** The realm's currency (`properties.currency`, inherited when unset); undefined for a realm the caller cannot see. */
export async function readRealmCurrency(db: Database, realmId: string): Promise<RealmCurrency | undefined> {
  const result = await db.execute(sql`
    select realm.properties->>'currency' as own, ecc_realm_inherited_currency(realm.id) as inherited
    from realms realm where realm.id = ${realmId}`);
  const row = rowsOf(result)[0];
  return row ? toRealmCurrency(row) : undefined;
}

/**
 * Sets the realm's own currency, locking its row until the caller's transaction ends, and answers what it was.
 * Only `properties.currency` changes (`jsonb_set`), so a GWP set switch beside it keeps its own field.
 */
export async function setRealmCurrency(
  transaction: Database,
  realmId: string,
  currency: string,
): Promise<{ before: RealmCurrency; after: RealmCurrency } | undefined> {
  const locked = await transaction.execute(sql`
    select realm.properties->>'currency' as own, ecc_realm_inherited_currency(realm.id) as inherited
    from realms realm where realm.id = ${realmId} for update`);
  const row = rowsOf(locked)[0];
  if (!row) return undefined;
  const before = toRealmCurrency(row);
  if (!before.isInherited && before.currency === currency) return { before, after: before };
  await transaction.execute(sql`
    update realms set properties = jsonb_set(properties, '{currency}', to_jsonb(${currency}::text)),
                      modified_on = now()
    where id = ${realmId}`);
  return { before, after: { currency, isInherited: false } };
}
