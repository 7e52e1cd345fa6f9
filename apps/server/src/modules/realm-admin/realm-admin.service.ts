import type {
  DefaultRoleKey,
  NewGrantRequest,
  PermissionRow,
  RealmRoleListResponse,
  RealmUser,
  RealmUserListResponse,
} from '@ecc/contracts';
import {
  createAuditLogRepository,
  createAuthzRepository,
  createRealmAdminRepository,
  type Database,
  type UserRow,
  auditActorOf,
} from '@ecc/db';
import {
  compileGrantPattern,
  ID_PATTERN_PRINCIPAL,
  isOperatorRealm,
  plaintextGrantDataSchema,
  regexGrantDataSchema,
  REALM_PATTERN_CASCADE,
  REALM_PATTERN_OWN,
} from '@ecc/domain';
import { fieldRefusal, HttpError, InvalidInputError, zodProblems } from '#platform/errors.ts';

export const REALM_USER_NOT_FOUND = 'User not found';
export const ROLE_NOT_FOUND = 'Role not found';
export const GRANT_NOT_FOUND = 'Grant not found';
export const LAST_ADMIN_MESSAGE =
  'The realm needs at least one administrator: make another user an administrator first';

const USER_ENTITY = 'user';
const PERMISSION_ENTITY = 'permission';

export function toRealmUser(user: UserRow): RealmUser {
  const name = user.properties['name'];
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    name: typeof name === 'string' && name.trim() !== '' ? name : null,
    createdOn: user.createdOn.toISOString(),
    isActive: user.deactivatedOn === null,
  };
}

/** Patterns with a meaning of their own, which are no regular expressions. */
const NAMED_PATTERNS: ReadonlySet<string> = new Set([
  REALM_PATTERN_OWN,
  REALM_PATTERN_CASCADE,
  ID_PATTERN_PRINCIPAL,
]);

/** A regex grant's patterns must compile for the linear-time engine, or the grant would never apply. */
function checkGrantPatterns(data: { realm: string; id: string }): void {
  for (const field of ['realm', 'id'] as const) {
    if (NAMED_PATTERNS.has(data[field])) continue;
    const compilation = compileGrantPattern(data[field]);
    if (!compilation.isValid) {
      // The engine's reasons start in lower case; the message is shown on its own, as a sentence.
      const reason = compilation.reason.charAt(0).toUpperCase() + compilation.reason.slice(1);
      throw fieldRefusal(400, { [`body/data/${field}`]: reason });
    }
  }
}

/**
 * A grant's data must be what the domain converts (its subject and action from the domain's lists, its patterns
 * compiled), and outside the operator's realms its realm pattern must stay in the administrator's realm: rules
 * are confined anyway, but a `.*` that silently means "this realm" would mislead whoever reads the grant.
 */
function checkGrant(realmKey: string, grant: NewGrantRequest): void {
  const schema = grant.type === 'PLAINTEXT_GRANT' ? plaintextGrantDataSchema : regexGrantDataSchema;
  const parsed = schema.safeParse(grant.data);
  if (!parsed.success) {
    throw new InvalidInputError(
      zodProblems(parsed.error.issues).map(({ path, message }) => ({
        path: path === '' ? 'data' : `data.${path}`,
        message,
      })),
    ).toRefusal();
  }
  const pattern = grant.data.realm;
  const isConfined =
    pattern === REALM_PATTERN_OWN || pattern === REALM_PATTERN_CASCADE || pattern === realmKey;
  if (!isOperatorRealm(realmKey) && !isConfined) {
    throw fieldRefusal(400, {
      'body/data/realm': `Must be ${REALM_PATTERN_OWN}, ${REALM_PATTERN_CASCADE} or ${realmKey}: a grant cannot reach other realms`,
    });
  }
  if (grant.type === 'REGEX_GRANT') checkGrantPatterns(grant.data);
}

export async function listRealmUsers(db: Database, realmId: string): Promise<RealmUserListResponse> {
  return { results: (await createRealmAdminRepository(db).listUsers(realmId)).map(toRealmUser) };
}

/**
 * Changes the user's default role (`users.role` and its role assignment); the last administrator stays one.
 * `refusalFor` says why the actor may not give a role (or take it from its holder), worked out before the write.
 */
export async function changeUserRole(
  db: Database,
  realmId: string,
  actor: UserRow,
  userId: string,
  role: DefaultRoleKey,
  refusalFor: (role: DefaultRoleKey) => string | undefined,
): Promise<RealmUser> {
  return db.transaction(async (transaction) => {
    const repository = createRealmAdminRepository(transaction);
    const administrators = await repository.lockAdministrators(realmId);
    const users = await repository.listUsers(realmId);
    const before = users.find((user) => user.id === userId);
    if (!before) throw new HttpError(404, REALM_USER_NOT_FOUND);
    if (before.role === role) return toRealmUser(before);
    const refusal = refusalFor(before.role) ?? refusalFor(role);
    if (refusal) throw new HttpError(403, refusal);
    const isActiveAdministrator = before.role === 'admin' && before.deactivatedOn === null;
    if (isActiveAdministrator && administrators <= 1) throw new HttpError(409, LAST_ADMIN_MESSAGE);
    const after = await repository.setUserRole(realmId, userId, role);
    if (!after) throw new HttpError(404, REALM_USER_NOT_FOUND);
    await createAuthzRepository(transaction).syncDefaultRoleAssignments(realmId);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'update',
      entityType: USER_ENTITY,
      entityId: userId,
      before: { role: before.role },
      after: { role: after.role },
    });
    return toRealmUser(after);
  });
}

export async function listRealmRoles(db: Database, realmId: string): Promise<RealmRoleListResponse> {
  const roles = await createRealmAdminRepository(db).listRolesWithGrants(realmId);
  return {
    results: roles.map(({ role, grants }) => ({ id: role.id, key: role.key, name: role.name, grants })),
  };
}

/**
 * Adds a grant to a role; `checkHandOn` (the delegation check) sees it once its data is known to be valid. The
 * check reads the giver's own grants, outside the write's transaction (PGlite has one connection).
 */
export async function addRoleGrant(
  db: Database,
  realm: { id: string; key: string },
  actor: UserRow,
  roleId: string,
  grant: NewGrantRequest,
  checkHandOn: (grant: NewGrantRequest) => Promise<void>,
): Promise<PermissionRow> {
  checkGrant(realm.key, grant);
  await checkHandOn(grant);
  return db.transaction(async (transaction) => {
    const repository = createRealmAdminRepository(transaction);
    if (!(await repository.findRole(realm.id, roleId))) throw new HttpError(404, ROLE_NOT_FOUND);
    if (!(await repository.hasRight(grant.right))) {
      throw fieldRefusal(400, { 'body/right': `Unknown right ${grant.right}` });
    }
    const created = await repository.insertRoleGrant(realm.id, roleId, {
      type: grant.type,
      data: { ...grant.data },
      rightId: grant.right,
      active: grant.active ?? true,
    });
    await createAuditLogRepository(transaction).append(realm.id, {
      ...auditActorOf(actor),
      action: 'create',
      entityType: PERMISSION_ENTITY,
      entityId: created.id,
      before: null,
      after: { ...created, roleId },
    });
    return created;
  });
}

/**
 * Switches a grant on or off. Switching one on hands it on again, so `checkActivation` (the delegation check)
 * sees the grant as stored: read before the write's transaction (the check reads the giver's grants, and PGlite
 * has one connection), which is sound because a grant's data never changes, only whether it is active.
 */
export async function setGrantActive(
  db: Database,
  realmId: string,
  actor: UserRow,
  grantId: string,
  active: boolean,
  checkActivation: (grant: PermissionRow) => Promise<void>,
): Promise<PermissionRow> {
  const stored = await createRealmAdminRepository(db).findRoleGrant(realmId, grantId);
  if (!stored) throw new HttpError(404, GRANT_NOT_FOUND);
  if (active) await checkActivation({ ...stored, active: true });
  return db.transaction(async (transaction) => {
    const repository = createRealmAdminRepository(transaction);
    const before = await repository.findRoleGrant(realmId, grantId);
    if (!before) throw new HttpError(404, GRANT_NOT_FOUND);
    const after = await repository.setGrantActive(realmId, grantId, active);
    if (!after) throw new HttpError(404, GRANT_NOT_FOUND);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'update',
      entityType: PERMISSION_ENTITY,
      entityId: grantId,
      before,
      after,
    });
    return after;
  });
}

export async function deleteGrant(
  db: Database,
  realmId: string,
  actor: UserRow,
  grantId: string,
): Promise<void> {
  await db.transaction(async (transaction) => {
    const repository = createRealmAdminRepository(transaction);
    const before = await repository.findRoleGrant(realmId, grantId);
    if (!before || !(await repository.deleteGrant(realmId, grantId)))
      throw new HttpError(404, GRANT_NOT_FOUND);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'delete',
      entityType: PERMISSION_ENTITY,
      entityId: grantId,
      before,
      after: null,
    });
  });
}
