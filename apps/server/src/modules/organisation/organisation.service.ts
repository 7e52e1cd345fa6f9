import {
  BUSINESS_UNIT_CODE_TAKEN,
  BUSINESS_UNIT_CYCLE,
  BUSINESS_UNIT_NAME_TAKEN,
  BUSINESS_UNIT_NOT_FOUND,
  BUSINESS_UNIT_PARENT_NOT_FOUND,
  DEFAULT_BOUNDARY_SETTINGS,
  DENOMINATOR_FACILITY_NOT_FOUND,
  DENOMINATOR_NOT_FOUND,
  consolidationApproachSchema,
  type BoundarySettings,
  type BusinessUnitDto,
  type BusinessUnitListResponse,
  type BusinessUnitPatchValues,
  type BusinessUnitValues,
  type DenominatorDto,
  type DenominatorListQuery,
  type DenominatorListResponse,
  type DenominatorValues,
  type IntensityDenominatorKind,
  type RealmCurrencyDto,
} from '@ecc/contracts';
import {
  auditActorOf,
  createAuditLogRepository,
  createFacilityRepository,
  createOrganisationRepository,
  readRealmCurrency,
  setRealmCurrency,
  type BusinessUnitRow,
  type Database,
  type DenominatorWithFacility,
  type IntensityDenominatorRow,
  type RealmBoundaryRow,
  type UserRow,
} from '@ecc/db';
import { inTreeOrder, normalizeDenominator, wouldCreateCycle } from '@ecc/domain';
import { fieldRefusal, HttpError } from '#platform/errors.ts';
import { REALM_NOT_FOUND } from '#platform/target-realm.ts';

export const BUSINESS_UNIT_ENTITY = 'business-unit';
export const BOUNDARY_ENTITY = 'realm-boundary';
export const DENOMINATOR_ENTITY = 'intensity-denominator';
export const CURRENCY_ENTITY = 'realm-currency';

/** At most this many names in a refusal; the rest are counted. */
const NAMES_IN_MESSAGE = 5;

function toBusinessUnitDto(unit: BusinessUnitRow, facilityCount: number): BusinessUnitDto {
  return { id: unit.id, name: unit.name, code: unit.code, parentId: unit.parentId, facilityCount };
}

function businessUnitSnapshot(unit: BusinessUnitRow) {
  return { name: unit.name, code: unit.code, parentId: unit.parentId };
}

/** The realm's units in tree order: parents before children, siblings by name. */
export async function listBusinessUnits(db: Database, realmId: string): Promise<BusinessUnitListResponse> {
  const rows = await createOrganisationRepository(db).listBusinessUnits(realmId);
  const ordered = inTreeOrder(
    rows.map((row) => ({ ...row, id: row.unit.id, parentId: row.unit.parentId })),
    (left, right) => left.unit.name.localeCompare(right.unit.name, 'en'),
  );
  return { results: ordered.map(({ unit }) => toBusinessUnitDto(unit.unit, unit.facilityCount)) };
}

/** Refuses a parent outside the realm, a sibling of the same name and a code the realm uses already. */
async function checkBusinessUnit(
  repository: ReturnType<typeof createOrganisationRepository>,
  realmId: string,
  values: { name: string; code: string | null; parentId: string | null },
  exceptId?: string,
): Promise<void> {
  if (values.parentId !== null && !(await repository.findBusinessUnit(realmId, values.parentId))) {
    throw fieldRefusal(400, { 'body/parentId': BUSINESS_UNIT_PARENT_NOT_FOUND });
  }
  if (await repository.findSiblingByName(realmId, values.parentId, values.name, exceptId)) {
    throw fieldRefusal(409, { 'body/name': BUSINESS_UNIT_NAME_TAKEN });
  }
  if (values.code !== null && (await repository.findByCode(realmId, values.code, exceptId))) {
    throw fieldRefusal(409, { 'body/code': BUSINESS_UNIT_CODE_TAKEN });
  }
}

export async function createBusinessUnit(
  db: Database,
  realmId: string,
  actor: UserRow,
  values: BusinessUnitValues,
): Promise<BusinessUnitDto> {
  return db.transaction(async (transaction) => {
    const repository = createOrganisationRepository(transaction);
    const fields = { name: values.name, code: values.code, parentId: values.parentId ?? null };
    await repository.lockTree(realmId);
    await checkBusinessUnit(repository, realmId, fields);
    const created = await repository.insertBusinessUnit(realmId, fields);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'create',
      entityType: BUSINESS_UNIT_ENTITY,
      entityId: created.id,
      before: null,
      after: businessUnitSnapshot(created),
    });
    return toBusinessUnitDto(created, 0);
  });
}

/** Renames, recodes or moves a unit; a move below itself or one of its descendants is refused. */
export async function updateBusinessUnit(
  db: Database,
  realmId: string,
  actor: UserRow,
  id: string,
  patch: BusinessUnitPatchValues,
): Promise<BusinessUnitDto> {
  return db.transaction(async (transaction) => {
    const repository = createOrganisationRepository(transaction);
    const tree = await repository.lockTree(realmId);
    const existing = await repository.lockBusinessUnit(realmId, id);
    if (!existing) throw new HttpError(404, BUSINESS_UNIT_NOT_FOUND);
    const merged = {
      name: patch.name ?? existing.name,
      code: patch.code === undefined ? existing.code : patch.code,
      parentId: patch.parentId === undefined ? existing.parentId : patch.parentId,
    };
    if (patch.parentId !== undefined && wouldCreateCycle(tree, id, merged.parentId)) {
      throw fieldRefusal(400, { 'body/parentId': BUSINESS_UNIT_CYCLE });
    }
    await checkBusinessUnit(repository, realmId, merged, id);
    const facilityCount = (await repository.facilityNames(realmId, id)).length;
    const before = businessUnitSnapshot(existing);
    if (JSON.stringify(before) === JSON.stringify(merged)) return toBusinessUnitDto(existing, facilityCount);
    const updated = await repository.updateBusinessUnit(realmId, id, merged);
    if (!updated) throw new HttpError(404, BUSINESS_UNIT_NOT_FOUND);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'update',
      entityType: BUSINESS_UNIT_ENTITY,
      entityId: id,
      before,
      after: businessUnitSnapshot(updated),
    });
    return toBusinessUnitDto(updated, facilityCount);
  });
}

function listedNames(names: readonly string[]): string {
  const shown = names.slice(0, NAMES_IN_MESSAGE).join(', ');
  const rest = names.length - NAMES_IN_MESSAGE;
  return rest > 0 ? `${shown} and ${rest} more` : shown;
}

/** Deletes a unit that holds no facilities and has no units below it; else 409 saying which hold it. */
export async function deleteBusinessUnit(
  db: Database,
  realmId: string,
  actor: UserRow,
  id: string,
): Promise<void> {
  await db.transaction(async (transaction) => {
    const repository = createOrganisationRepository(transaction);
    await repository.lockTree(realmId);
    const existing = await repository.lockBusinessUnit(realmId, id);
    if (!existing) throw new HttpError(404, BUSINESS_UNIT_NOT_FOUND);
    const [children, facilityNames] = await Promise.all([
      repository.childNames(realmId, id),
      repository.facilityNames(realmId, id),
    ]);
    const reasons = [
      ...(facilityNames.length > 0
        ? [`${facilityNames.length === 1 ? 'facility' : 'facilities'} ${listedNames(facilityNames)}`]
        : []),
      ...(children.length > 0
        ? [`${children.length === 1 ? 'business unit' : 'business units'} ${listedNames(children)}`]
        : []),
    ];
    if (reasons.length > 0) {
      throw new HttpError(
        409,
        `${existing.name} cannot be deleted while it holds ${reasons.join(' and ')}: move them to another unit first`,
      );
    }
    await repository.deleteBusinessUnit(realmId, id);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'delete',
      entityType: BUSINESS_UNIT_ENTITY,
      entityId: id,
      before: businessUnitSnapshot(existing),
      after: null,
    });
  });
}

function toBoundarySettings(row: RealmBoundaryRow | undefined): BoundarySettings {
  if (!row) return DEFAULT_BOUNDARY_SETTINGS;
  const approach = consolidationApproachSchema.safeParse(row.consolidationApproach);
  return {
    consolidationApproach: approach.success ? approach.data : DEFAULT_BOUNDARY_SETTINGS.consolidationApproach,
    reportingYearStartMonth: row.reportingYearStartMonth,
    baseYear: row.baseYear,
    recalculationThresholdPercent: row.recalculationThresholdPercent,
  };
}

/** The realm's boundary settings; the defaults while none were saved. */
export async function readBoundary(db: Database, realmId: string): Promise<BoundarySettings> {
  return toBoundarySettings(await createOrganisationRepository(db).findBoundary(realmId));
}

/** Saves the settings with their audit entry; an unchanged submission writes nothing. */
export async function updateBoundary(
  db: Database,
  realmId: string,
  actor: UserRow,
  values: BoundarySettings,
): Promise<BoundarySettings> {
  return db.transaction(async (transaction) => {
    const repository = createOrganisationRepository(transaction);
    const before = toBoundarySettings(await repository.lockBoundary(realmId));
    if (JSON.stringify(before) === JSON.stringify(values)) return before;
    const after = toBoundarySettings(await repository.updateBoundary(realmId, values));
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'update',
      entityType: BOUNDARY_ENTITY,
      entityId: realmId,
      before,
      after,
    });
    return after;
  });
}

/** The realm's currency, its own or inherited (decision 050). */
export async function readCurrency(db: Database, realmId: string): Promise<RealmCurrencyDto> {
  const currency = await readRealmCurrency(db, realmId);
  if (!currency) throw new HttpError(404, REALM_NOT_FOUND);
  return currency;
}

/**
 * Sets the realm's own currency with its audit entry; the same currency set again writes nothing. Stored amounts
 * are not converted: they were entered in the realm's currency and now read in the new one (decision 050).
 */
export async function updateCurrency(
  db: Database,
  realmId: string,
  actor: UserRow,
  currency: string,
): Promise<RealmCurrencyDto> {
  return db.transaction(async (transaction) => {
    const change = await setRealmCurrency(transaction, realmId, currency);
    if (!change) throw new HttpError(404, REALM_NOT_FOUND);
    if (change.before !== change.after) {
      await createAuditLogRepository(transaction).append(realmId, {
        ...auditActorOf(actor),
        action: 'update',
        entityType: CURRENCY_ENTITY,
        entityId: realmId,
        before: change.before,
        after: change.after,
      });
    }
    return change.after;
  });
}

function toDenominatorDto({
  denominator,
  facilitySlug,
  facilityName,
}: DenominatorWithFacility): DenominatorDto {
  const kind = denominator.kind as IntensityDenominatorKind;
  const normalized = normalizeDenominator(kind, denominator.amount, denominator.unit);
  return {
    id: denominator.id,
    year: denominator.year,
    scope: denominator.facilityId === null ? 'realm' : 'facility',
    facilityId: denominator.facilityId,
    facilitySlug,
    facilityName,
    kind,
    amount: denominator.amount,
    unit: denominator.unit,
    normalizedAmount: normalized.amount,
    normalizedUnit: normalized.unit,
  };
}

function denominatorSnapshot(row: IntensityDenominatorRow) {
  return { facilityId: row.facilityId, year: row.year, kind: row.kind, amount: row.amount, unit: row.unit };
}

export async function listDenominators(
  db: Database,
  realmId: string,
  query: DenominatorListQuery,
): Promise<DenominatorListResponse> {
  const rows = await createOrganisationRepository(db).listDenominators(realmId, query);
  return { results: rows.map(toDenominatorDto) };
}

/**
 * Whose figure a denominator is: the realm's (its administrators set it) or a facility's (whoever may update that
 * facility sets it). The route checks the caller's rights on it before anything is written.
 */
export type DenominatorOwner = { kind: 'realm' } | { kind: 'facility'; facilityId: string };

export type AuthorizeDenominatorChange = (owner: DenominatorOwner) => Promise<void>;

function ownerOf(facilityId: string | null): DenominatorOwner {
  return facilityId === null ? { kind: 'realm' } : { kind: 'facility', facilityId };
}

/** Sets the year's figure of one kind for the realm or a facility (replacing it), with its audit entry. */
export async function upsertDenominator(
  db: Database,
  realmId: string,
  actor: UserRow,
  values: DenominatorValues,
  authorize: AuthorizeDenominatorChange,
): Promise<DenominatorDto> {
  return db.transaction(async (transaction) => {
    const repository = createOrganisationRepository(transaction);
    let facility: { id: string; slug: string; name: string } | null = null;
    if (values.scope === 'facility') {
      const found = await createFacilityRepository(transaction).findBySlug(
        realmId,
        values.facilitySlug ?? '',
      );
      if (!found) throw fieldRefusal(400, { 'body/facilitySlug': DENOMINATOR_FACILITY_NOT_FOUND });
      facility = found;
    }
    await authorize(ownerOf(facility?.id ?? null));
    const key = { facilityId: facility?.id ?? null, year: values.year, kind: values.kind };
    const existing = await repository.lockDenominatorOf(realmId, key);
    let stored: IntensityDenominatorRow;
    if (existing) {
      if (existing.amount === values.amount && existing.unit === values.unit) {
        stored = existing;
      } else {
        stored =
          (await repository.updateDenominator(realmId, existing.id, {
            amount: values.amount,
            unit: values.unit,
          })) ?? existing;
        await createAuditLogRepository(transaction).append(realmId, {
          ...auditActorOf(actor),
          action: 'update',
          entityType: DENOMINATOR_ENTITY,
          entityId: existing.id,
          before: denominatorSnapshot(existing),
          after: denominatorSnapshot(stored),
        });
      }
    } else {
      stored = await repository.insertDenominator(realmId, {
        ...key,
        amount: values.amount,
        unit: values.unit,
      });
      await createAuditLogRepository(transaction).append(realmId, {
        ...auditActorOf(actor),
        action: 'create',
        entityType: DENOMINATOR_ENTITY,
        entityId: stored.id,
        before: null,
        after: denominatorSnapshot(stored),
      });
    }
    return toDenominatorDto({
      denominator: stored,
      facilitySlug: facility?.slug ?? null,
      facilityName: facility?.name ?? null,
    });
  });
}

export async function deleteDenominator(
  db: Database,
  realmId: string,
  actor: UserRow,
  id: string,
  authorize: AuthorizeDenominatorChange,
): Promise<void> {
  await db.transaction(async (transaction) => {
    const repository = createOrganisationRepository(transaction);
    const found = await repository.findDenominator(realmId, id);
    if (!found) throw new HttpError(404, DENOMINATOR_NOT_FOUND);
    await authorize(ownerOf(found.facilityId));
    const deleted = await repository.deleteDenominator(realmId, id);
    if (!deleted) throw new HttpError(404, DENOMINATOR_NOT_FOUND);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'delete',
      entityType: DENOMINATOR_ENTITY,
      entityId: id,
      before: denominatorSnapshot(deleted),
      after: null,
    });
  });
}
