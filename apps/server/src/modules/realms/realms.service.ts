import {
  currentApplication,
  HOST_NAME_PATTERN,
  parseFeatureFlagList,
  planSchema,
  realmImportSchema,
  realmKeySchema,
  z,
  type ManagedRealm,
  type ManagedRealmListQuery,
  type ManagedRealmListResponse,
  type NewRealmRequest,
  type Plan,
  type Realm,
  type RealmImport,
  type RealmUpdateRequest,
} from '@ecc/contracts';
import {
  createAuditLogRepository,
  createDefaultRealmConfig,
  createEmissionResultRepository,
  createRealmConfigRepository,
  createRealmRepository,
  normalizeDomain,
  type Database,
  type RealmRepository,
  type UserRow,
  auditActorOf,
} from '@ecc/db';
import { realmGwpSetId } from '@ecc/domain';
import {
  fieldRefusal,
  HttpError,
  InvalidInputError,
  zodProblems,
  type InputProblem,
} from '#platform/errors.ts';
import { REALM_NOT_FOUND } from '#platform/target-realm.ts';

/** The plan of `realm create` without `--plan`: the smallest, so a new realm gets no more than it pays for. */
export const DEFAULT_NEW_REALM_PLAN: Plan = 'simple';

export interface NewRealm {
  key: string;
  name: string;
  domains: readonly string[];
  parentKey?: string | undefined;
  plan?: string | undefined;
  /** Keys of the application's `feature-flags` list. */
  featureFlags?: readonly string[];
  /** The user who creates it (an operator through the API); none from the command line. */
  createdBy?: string | null;
}

function checkDomains(domains: readonly string[]): InputProblem[] {
  return domains.flatMap((domain, index) =>
    HOST_NAME_PATTERN.test(normalizeDomain(domain))
      ? []
      : [
          {
            path: `domains.${index}`,
            message: `${JSON.stringify(domain)} is not a host name (such as ecc.example.com)`,
          },
        ],
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
  const issues: InputProblem[] = [];
  let parentId: string | null = null;
  if (input.parentKey !== null) {
    const parent = await realms.findByKey(input.parentKey);
    if (!parent) {
      issues.push({ path: 'parentKey', message: `No realm has the key ${input.parentKey}` });
    } else if (realmId && (await realms.findAncestorIds(parent.id)).includes(realmId)) {
      issues.push({
        path: 'parentKey',
        message: `${input.parentKey} is ${input.key} itself or below it; realms form a tree`,
      });
    } else {
      parentId = parent.id;
    }
  }
  const owners = await realms.findDomainOwners(input.domains, realmId);
  input.domains.forEach((domain, index) => {
    const owner = owners.get(normalizeDomain(domain));
    if (owner)
      issues.push({ path: `domains.${index}`, message: `${domain} already belongs to realm ${owner}` });
  });
  if (issues.length > 0) throw new InvalidInputError(issues);
  return parentId;
}

/**
 * `realm create` and `POST /api/realms`: a realm with one application on the plan, the default theme and the
 * default roles (so its first administrator's grants exist before anyone signs in).
 */
export async function createRealm(db: Database, input: NewRealm): Promise<Realm> {
  const parsed = z
    .object({ key: realmKeySchema, name: z.string().trim().min(1), plan: planSchema })
    .safeParse({ key: input.key, name: input.name, plan: input.plan ?? DEFAULT_NEW_REALM_PLAN });
  const issues = [
    ...(parsed.success ? [] : zodProblems(parsed.error.issues)),
    ...checkDomains(input.domains),
  ];
  if (!parsed.success || issues.length > 0) throw new InvalidInputError(issues);
  const { key, name, plan } = parsed.data;

  return db.transaction(async (transaction) => {
    const realms = createRealmRepository(transaction);
    if (await realms.findByKey(key))
      throw new InvalidInputError([{ path: 'key', message: `A realm with the key ${key} already exists` }]);
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
      properties: { config: createDefaultRealmConfig({ plan, featureFlags: input.featureFlags ?? [] }) },
      createdBy: input.createdBy ?? null,
      modifiedBy: input.createdBy ?? null,
    });
    if (!realm)
      throw new InvalidInputError([{ path: 'key', message: `A realm with the key ${key} already exists` }]);
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
  if (!parsed.success) throw new InvalidInputError(zodProblems(parsed.error.issues));
  const input: RealmImport = parsed.data;
  const domainIssues = checkDomains(input.domains);
  if (domainIssues.length > 0) throw new InvalidInputError(domainIssues);

  return db.transaction(async (transaction) => {
    const realms = createRealmRepository(transaction);
    const existing = await realms.findByKey(input.key);
    if (!existing && input.id && (await realms.findById(input.id))) {
      throw new InvalidInputError([{ path: 'id', message: `Another realm already has the id ${input.id}` }]);
    }
    const parentId = await checkRelations(transaction, input, existing?.id);
    if (existing) await checkGwpSetUnchanged(transaction, existing, input.properties);
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
    if (!realm)
      throw new InvalidInputError([
        { path: 'key', message: `A realm with the key ${input.key} already exists` },
      ]);
    return { realm, isCreated: true };
  });
}

/**
 * A realm with results keeps its GWP set through an import: another set needs every result recalculated on it
 * first (decision 020), which the `recalculate` command does and then switches the realm itself.
 */
async function checkGwpSetUnchanged(
  transaction: Database,
  existing: Realm,
  properties: Readonly<Record<string, unknown>>,
): Promise<void> {
  const current = realmGwpSetId(existing.properties);
  const imported = realmGwpSetId(properties);
  if (imported === current) return;
  if ((await createEmissionResultRepository(transaction).storedGwpSetIds(existing.id)).length === 0) return;
  throw new InvalidInputError([
    {
      path: 'properties.gwpSetId',
      message: `Realm ${existing.key} reports on ${current}; to move it to ${imported}, run \`npm run ecc -- recalculate --realm ${existing.key} --gwp ${imported}\`, which recalculates every result on it first`,
    },
  ]);
}

export function findRealm(db: Database, key: string): Promise<Realm | undefined> {
  return createRealmRepository(db).findByKey(key);
}

export function listRealms(db: Database): Promise<Realm[]> {
  return createRealmRepository(db).list();
}

// Realm management through the API (issue 3): the operator's administrators list, create and change realms.

export const OWN_REALM_DEACTIVATION_MESSAGE =
  'You cannot deactivate your own realm: its users, you included, would lose access';

const REALM_ENTITY = 'realm';

function toManagedRealm(realm: Realm, parentId: string | null, userCount: number): ManagedRealm {
  const application = currentApplication(realm);
  return {
    id: realm.id,
    key: realm.key,
    name: realm.name,
    plan: application.plan ?? null,
    parentId,
    parentKey: realm.parentKey,
    domains: realm.domains,
    active: realm.active,
    featureFlags: [...parseFeatureFlagList(application['feature-flags'])],
    createdOn: realm['created-on'],
    userCount,
  };
}

/** What the audit log keeps of a realm change: the settings an operator edits. */
function auditedSettings(realm: Realm) {
  const { name, plan, domains, active, featureFlags } = toManagedRealm(realm, null, 0);
  return { name, plan, domains, active, featureFlags };
}

async function parentIdOf(realms: RealmRepository, realm: Realm): Promise<string | null> {
  return realm.parentKey === null ? null : ((await realms.findByKey(realm.parentKey))?.id ?? null);
}

/** A domain another realm already answers for is a conflict, named by its place in the request. */
async function assertDomainsFree(
  realms: RealmRepository,
  domains: readonly string[],
  realmId: string | undefined,
): Promise<void> {
  const owners = await realms.findDomainOwners(domains, realmId);
  const conflicts = Object.fromEntries(
    domains.flatMap((domain, index) => {
      const owner = owners.get(normalizeDomain(domain));
      return owner ? [[`body/domains/${index}`, `${domain} already belongs to realm ${owner}`]] : [];
    }),
  );
  if (Object.keys(conflicts).length > 0) throw fieldRefusal(409, conflicts);
}

/** `InvalidInputError` problems (`domains.0`) as a 400 naming the request's fields (`body/domains/0`). */
function asBadRequest(error: unknown): never {
  if (!(error instanceof InvalidInputError)) throw error;
  throw error.toRefusal();
}

/**
 * One page of the realms `canRead` allows, by key, matching `q` in the key, name or a domain. Realms are few
 * (tenants), so the rights are checked on every realm in memory; users are counted for the page only.
 */
export async function listManagedRealms(
  db: Database,
  canRead: (realm: Realm) => boolean,
  query: ManagedRealmListQuery,
): Promise<ManagedRealmListResponse> {
  const realms = createRealmRepository(db);
  const all = await realms.list();
  const idByKey = new Map(all.map((realm) => [realm.key, realm.id]));
  const needle = query.q?.toLowerCase() ?? '';
  const matches = all
    .filter(canRead)
    .filter((realm) =>
      [realm.key, realm.name, ...realm.domains].some((text) => text.toLowerCase().includes(needle)),
    );
  const page = matches.slice(query.offset, query.offset + query.limit);
  const userCounts = await realms.countUsers(page.map((realm) => realm.id));
  return {
    results: page.map((realm) =>
      toManagedRealm(
        realm,
        realm.parentKey === null ? null : (idByKey.get(realm.parentKey) ?? null),
        userCounts.get(realm.id) ?? 0,
      ),
    ),
    count: page.length,
    total: matches.length,
    offset: query.offset,
  };
}

/**
 * `POST /api/realms`: the command line's realm creation (application, theme, default roles) with the key and
 * domains checked for conflicts (409) under a lock, and an audit entry in the new realm's log.
 */
export async function createManagedRealm(
  db: Database,
  actor: UserRow,
  input: NewRealmRequest,
): Promise<ManagedRealm> {
  return db.transaction(async (transaction) => {
    const realms = createRealmRepository(transaction);
    await realms.lockKeysAndDomains();
    if (await realms.findByKey(input.key)) {
      throw fieldRefusal(409, { 'body/key': `A realm with the key ${input.key} already exists` });
    }
    await assertDomainsFree(realms, input.domains, undefined);
    const realm = await createRealm(transaction, { ...input, createdBy: actor.id }).catch(asBadRequest);
    await createAuditLogRepository(transaction).append(realm.id, {
      ...auditActorOf(actor),
      action: 'create',
      entityType: REALM_ENTITY,
      entityId: realm.id,
      before: null,
      after: auditedSettings(realm),
    });
    return toManagedRealm(realm, await parentIdOf(realms, realm), 0);
  });
}

/**
 * `PATCH /api/realms/:realmId`: changes the fields sent, with the realm row locked, and audits the change in the
 * realm's log. The plan and the `feature-flags` list live in the realm's application config.
 */
export async function updateManagedRealm(
  db: Database,
  actor: { user: UserRow; realmId: string },
  realmId: string,
  input: RealmUpdateRequest,
): Promise<ManagedRealm> {
  return db.transaction(async (transaction) => {
    const realms = createRealmRepository(transaction);
    if (input.domains) await realms.lockKeysAndDomains();
    const before = await realms.findByIdForUpdate(realmId);
    if (!before) throw new HttpError(404, REALM_NOT_FOUND);
    if (input.active === false && before.id === actor.realmId) {
      throw new HttpError(409, OWN_REALM_DEACTIVATION_MESSAGE);
    }
    if (input.domains) await assertDomainsFree(realms, input.domains, realmId);
    if (input.plan !== undefined || input.featureFlags !== undefined) {
      const [application, ...others] = before.properties.config.applications;
      if (!application) throw new Error(`Realm ${before.key} has no application`);
      await createRealmConfigRepository(transaction).replaceConfig(realmId, {
        ...before.properties.config,
        applications: [
          {
            ...application,
            ...(input.plan === undefined ? {} : { plan: input.plan }),
            ...(input.featureFlags === undefined ? {} : { 'feature-flags': input.featureFlags.join(',') }),
          },
          ...others,
        ],
      });
    }
    const after = await realms.updateSettings(realmId, {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.domains === undefined ? {} : { domains: input.domains }),
      ...(input.active === undefined ? {} : { active: input.active }),
      modifiedBy: actor.user.id,
    });
    if (!after) throw new HttpError(404, REALM_NOT_FOUND);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor.user),
      action: 'update',
      entityType: REALM_ENTITY,
      entityId: realmId,
      before: auditedSettings(before),
      after: auditedSettings(after),
    });
    const userCounts = await realms.countUsers([realmId]);
    return toManagedRealm(after, await parentIdOf(realms, after), userCounts.get(realmId) ?? 0);
  });
}
