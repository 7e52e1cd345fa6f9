import {
  planSchema,
  realmImportSchema,
  realmKeySchema,
  z,
  type Plan,
  type Realm,
  type RealmImport,
} from '@ecc/contracts';
import { createDefaultRealmConfig, createRealmRepository, normalizeDomain, type Database } from '@ecc/db';
import { formatZodIssues, InvalidInputError } from '#platform/errors.ts';

/** The plan of `realm create` without `--plan`: the smallest, so a new realm gets no more than it pays for. */
export const DEFAULT_NEW_REALM_PLAN: Plan = 'simple';

const HOST_NAME_PATTERN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export interface NewRealm {
  key: string;
  name: string;
  domains: readonly string[];
  parentKey?: string | undefined;
  plan?: string | undefined;
}

function checkDomains(domains: readonly string[]): string[] {
  return domains.flatMap((domain, index) =>
    HOST_NAME_PATTERN.test(normalizeDomain(domain))
      ? []
      : [`domains.${index}: ${JSON.stringify(domain)} is not a host name (such as ecc.example.com)`],
  );
}

/**
 * The checks the schema cannot make, against what is stored: the parent exists and is not the realm itself or
 * below it, and no other realm already answers for one of the host names. Returns the parent's id.
 */
async function checkRelations(
  db: Database,
  input: { key: string; parentKey: string | null; domains: readonly string[] },
  realmId: string | undefined,
): Promise<string | null> {
  const realms = createRealmRepository(db);
  const issues: string[] = [];
  let parentId: string | null = null;
  if (input.parentKey !== null) {
    const parent = await realms.findByKey(input.parentKey);
    if (!parent) {
      issues.push(`parentKey: No realm has the key ${input.parentKey}`);
    } else if (realmId && (await realms.findAncestorIds(parent.id)).includes(realmId)) {
      issues.push(`parentKey: ${input.parentKey} is ${input.key} itself or below it; realms form a tree`);
    } else {
      parentId = parent.id;
    }
  }
  const owners = await realms.findDomainOwners(input.domains, realmId);
  input.domains.forEach((domain, index) => {
    const owner = owners.get(normalizeDomain(domain));
    if (owner) issues.push(`domains.${index}: ${domain} already belongs to realm ${owner}`);
  });
  if (issues.length > 0) throw new InvalidInputError(issues);
  return parentId;
}

/** `realm create`: a realm with one application on the plan and the default theme. */
export async function createRealm(db: Database, input: NewRealm): Promise<Realm> {
  const parsed = z
    .object({ key: realmKeySchema, name: z.string().trim().min(1), plan: planSchema })
    .safeParse({ key: input.key, name: input.name, plan: input.plan ?? DEFAULT_NEW_REALM_PLAN });
  const issues = [
    ...(parsed.success ? [] : formatZodIssues(parsed.error.issues)),
    ...checkDomains(input.domains),
  ];
  if (!parsed.success || issues.length > 0) throw new InvalidInputError(issues);
  const { key, name, plan } = parsed.data;

  return db.transaction(async (transaction) => {
    const realms = createRealmRepository(transaction);
    if (await realms.findByKey(key))
      throw new InvalidInputError([`key: A realm with the key ${key} already exists`]);
    const parentId = await checkRelations(
      transaction,
      { key, parentKey: input.parentKey ?? null, domains: input.domains },
      undefined,
    );
    const realm = await realms.insert({
      key,
      parentId,
      active: true,
      realm: key,
      name,
      type: 'organization',
      domains: input.domains,
      properties: { config: createDefaultRealmConfig({ plan }) },
    });
    if (!realm) throw new InvalidInputError([`key: A realm with the key ${key} already exists`]);
    return realm;
  });
}

/**
 * `realm import`: creates the realm, or updates the one with the same key, from realm JSON (what `realm export`
 * prints). The key identifies the realm: the file's id and creation fields are used only for a new realm.
 * Invalid input throws `InvalidInputError` with every problem and writes nothing.
 */
export async function importRealm(
  db: Database,
  data: unknown,
): Promise<{ realm: Realm; isCreated: boolean }> {
  const parsed = realmImportSchema.safeParse(data);
  if (!parsed.success) throw new InvalidInputError(formatZodIssues(parsed.error.issues));
  const input: RealmImport = parsed.data;
  const domainIssues = checkDomains(input.domains);
  if (domainIssues.length > 0) throw new InvalidInputError(domainIssues);

  return db.transaction(async (transaction) => {
    const realms = createRealmRepository(transaction);
    const existing = await realms.findByKey(input.key);
    if (!existing && input.id && (await realms.findById(input.id))) {
      throw new InvalidInputError([`id: Another realm already has the id ${input.id}`]);
    }
    const parentId = await checkRelations(transaction, input, existing?.id);
    const values = {
      key: input.key,
      parentId,
      active: input.active,
      realm: input.realm,
      name: input.name,
      type: input.type,
      domains: input.domains,
      properties: input.properties,
      modifiedBy: input['modified-by'] ?? null,
    };
    if (existing) {
      const realm = await realms.update(existing.id, values);
      if (!realm) throw new Error(`Realm ${input.key} disappeared during the import`);
      return { realm, isCreated: false };
    }
    const realm = await realms.insert({
      ...values,
      ...(input.id ? { id: input.id } : {}),
      createdBy: input['created-by'] ?? null,
      ...(input['created-on'] ? { createdOn: new Date(input['created-on']) } : {}),
      ...(input['modified-on'] ? { modifiedOn: new Date(input['modified-on']) } : {}),
    });
    if (!realm) throw new InvalidInputError([`key: A realm with the key ${input.key} already exists`]);
    return { realm, isCreated: true };
  });
}

export function findRealm(db: Database, key: string): Promise<Realm | undefined> {
  return createRealmRepository(db).findByKey(key);
}

export function listRealms(db: Database): Promise<Realm[]> {
  return createRealmRepository(db).list();
}
