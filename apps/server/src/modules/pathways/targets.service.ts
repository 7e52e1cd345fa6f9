import {
  SECTOR_PATHWAY_DENOMINATOR_MISMATCH,
  SECTOR_PATHWAY_IN_USE,
  SECTOR_PATHWAY_NOT_FOUND,
  TARGET_NOT_FOUND,
  type IntensityDenominatorKind,
  type ProjectionMethod,
  type SectorPathwayDto,
  type SectorPathwayListResponse,
  type SectorPathwayValues,
  type TargetAmbition,
  type TargetDto,
  type TargetKind,
  type TargetListResponse,
  type TargetScope2Method,
  type TargetTerm,
  type TargetValues,
} from '@ecc/contracts';
import {
  auditActorOf,
  createAuditLogRepository,
  createPathwayTargetRepository,
  type Database,
  type PathwayTargetRepository,
  type PathwayTargetRow,
  type PathwayTargetValues,
  type SectorPathwayRow,
  type UserRow,
} from '@ecc/db';
import { annualReductionRate } from '@ecc/domain';
import { fieldRefusal, HttpError } from '#platform/errors.ts';

/*
 * The realm's targets and sector pathways (issue 12, item 2): each write checks what it refers to in the
 * transaction that writes, and is audited.
 */

export const TARGET_ENTITY = 'pathway-target';
export const SECTOR_PATHWAY_ENTITY = 'sector-pathway';

export function toTargetDto(row: PathwayTargetRow): TargetDto {
  const ambition = row.ambition as TargetAmbition;
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as TargetKind,
    denominatorKind: row.denominatorKind as IntensityDenominatorKind | null,
    scopes: [...row.scopes],
    scope2Method: row.scope2Method as TargetScope2Method,
    scope3Categories: [...row.scope3Categories],
    baseYear: row.baseYear,
    targetYear: row.targetYear,
    term: row.term as TargetTerm,
    ambition,
    customReductionPercent: row.customReductionPercent,
    projectionMethod: row.projectionMethod as ProjectionMethod,
    growthPercent: row.growthPercent,
    sectorPathwayId: row.sectorPathwayId,
    annualReductionRate: annualReductionRate({
      baseYear: row.baseYear,
      targetYear: row.targetYear,
      ambition,
      customReductionPercent: row.customReductionPercent,
    }),
    modifiedOn: row.modifiedOn.toISOString(),
  };
}

function targetSnapshot(row: PathwayTargetRow) {
  const { id: _id, modifiedOn: _modifiedOn, annualReductionRate: _rate, ...values } = toTargetDto(row);
  return values;
}

function rowValuesOf(values: TargetValues): PathwayTargetValues {
  return {
    name: values.name,
    kind: values.kind,
    denominatorKind: values.denominatorKind,
    scopes: values.scopes,
    scope2Method: values.scope2Method,
    scope3Categories: values.scope3Categories,
    baseYear: values.baseYear,
    targetYear: values.targetYear,
    term: values.term,
    ambition: values.ambition,
    customReductionPercent: values.customReductionPercent,
    projectionMethod: values.projectionMethod,
    growthPercent: values.growthPercent,
    sectorPathwayId: values.sectorPathwayId,
  };
}

export async function listTargets(db: Database, realmId: string): Promise<TargetListResponse> {
  const rows = await createPathwayTargetRepository(db).listTargets(realmId);
  return { results: rows.map(toTargetDto) };
}

export async function readTarget(db: Database, realmId: string, id: string): Promise<TargetDto> {
  const row = await createPathwayTargetRepository(db).findTarget(realmId, id);
  if (!row) throw new HttpError(404, TARGET_NOT_FOUND);
  return toTargetDto(row);
}

/** A sector pathway of the realm, locked, of the target's denominator kind; else a 400 on the field. */
async function checkSectorPathway(
  repository: PathwayTargetRepository,
  realmId: string,
  values: TargetValues,
): Promise<void> {
  if (values.sectorPathwayId === null) return;
  const pathway = await repository.lockSectorPathway(realmId, values.sectorPathwayId);
  if (!pathway) throw fieldRefusal(400, { 'body/sectorPathwayId': SECTOR_PATHWAY_NOT_FOUND });
  if (pathway.denominatorKind !== values.denominatorKind) {
    throw fieldRefusal(400, { 'body/sectorPathwayId': SECTOR_PATHWAY_DENOMINATOR_MISMATCH });
  }
}

export async function createTarget(
  db: Database,
  realmId: string,
  actor: UserRow,
  values: TargetValues,
): Promise<TargetDto> {
  return db.transaction(async (transaction) => {
    const repository = createPathwayTargetRepository(transaction);
    await checkSectorPathway(repository, realmId, values);
    const created = await repository.insertTarget(realmId, rowValuesOf(values));
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'create',
      entityType: TARGET_ENTITY,
      entityId: created.id,
      before: null,
      after: targetSnapshot(created),
    });
    return toTargetDto(created);
  });
}

/** Replaces the target's fields; an unchanged submission writes nothing. */
export async function updateTarget(
  db: Database,
  realmId: string,
  actor: UserRow,
  id: string,
  values: TargetValues,
): Promise<TargetDto> {
  return db.transaction(async (transaction) => {
    const repository = createPathwayTargetRepository(transaction);
    const existing = await repository.lockTarget(realmId, id);
    if (!existing) throw new HttpError(404, TARGET_NOT_FOUND);
    await checkSectorPathway(repository, realmId, values);
    const before = targetSnapshot(existing);
    const updated = await repository.updateTarget(realmId, id, rowValuesOf(values));
    if (!updated) throw new HttpError(404, TARGET_NOT_FOUND);
    const after = targetSnapshot(updated);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await createAuditLogRepository(transaction).append(realmId, {
        ...auditActorOf(actor),
        action: 'update',
        entityType: TARGET_ENTITY,
        entityId: id,
        before,
        after,
      });
    }
    return toTargetDto(updated);
  });
}

export async function deleteTarget(db: Database, realmId: string, actor: UserRow, id: string): Promise<void> {
  await db.transaction(async (transaction) => {
    const deleted = await createPathwayTargetRepository(transaction).deleteTarget(realmId, id);
    if (!deleted) throw new HttpError(404, TARGET_NOT_FOUND);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'delete',
      entityType: TARGET_ENTITY,
      entityId: id,
      before: targetSnapshot(deleted),
      after: null,
    });
  });
}

export function toSectorPathwayDto(row: SectorPathwayRow): SectorPathwayDto {
  return {
    id: row.id,
    name: row.name,
    denominatorKind: row.denominatorKind as IntensityDenominatorKind,
    points: row.points.map((point) => ({ year: point.year, intensity: point.intensity })),
  };
}

function sectorPathwaySnapshot(row: SectorPathwayRow) {
  const { id: _id, ...values } = toSectorPathwayDto(row);
  return values;
}

export async function listSectorPathways(db: Database, realmId: string): Promise<SectorPathwayListResponse> {
  const rows = await createPathwayTargetRepository(db).listSectorPathways(realmId);
  return { results: rows.map(toSectorPathwayDto) };
}

export async function createSectorPathway(
  db: Database,
  realmId: string,
  actor: UserRow,
  values: SectorPathwayValues,
): Promise<SectorPathwayDto> {
  return db.transaction(async (transaction) => {
    const created = await createPathwayTargetRepository(transaction).insertSectorPathway(realmId, values);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'create',
      entityType: SECTOR_PATHWAY_ENTITY,
      entityId: created.id,
      before: null,
      after: sectorPathwaySnapshot(created),
    });
    return toSectorPathwayDto(created);
  });
}

/** Replaces the pathway's years; its denominator kind stays while a target of another kind could follow it. */
export async function updateSectorPathway(
  db: Database,
  realmId: string,
  actor: UserRow,
  id: string,
  values: SectorPathwayValues,
): Promise<SectorPathwayDto> {
  return db.transaction(async (transaction) => {
    const repository = createPathwayTargetRepository(transaction);
    const existing = await repository.lockSectorPathway(realmId, id);
    if (!existing) throw new HttpError(404, SECTOR_PATHWAY_NOT_FOUND);
    if (existing.denominatorKind !== values.denominatorKind) {
      const following = await repository.targetNamesFollowing(realmId, id);
      if (following.length > 0) throw fieldRefusal(409, { 'body/denominatorKind': SECTOR_PATHWAY_IN_USE });
    }
    const updated = await repository.updateSectorPathway(realmId, id, values);
    if (!updated) throw new HttpError(404, SECTOR_PATHWAY_NOT_FOUND);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'update',
      entityType: SECTOR_PATHWAY_ENTITY,
      entityId: id,
      before: sectorPathwaySnapshot(existing),
      after: sectorPathwaySnapshot(updated),
    });
    return toSectorPathwayDto(updated);
  });
}

/** Deletes a pathway no target follows; else 409 naming the targets. */
export async function deleteSectorPathway(
  db: Database,
  realmId: string,
  actor: UserRow,
  id: string,
): Promise<void> {
  await db.transaction(async (transaction) => {
    const repository = createPathwayTargetRepository(transaction);
    const existing = await repository.lockSectorPathway(realmId, id);
    if (!existing) throw new HttpError(404, SECTOR_PATHWAY_NOT_FOUND);
    const following = await repository.targetNamesFollowing(realmId, id);
    if (following.length > 0) {
      throw new HttpError(409, `${SECTOR_PATHWAY_IN_USE} (${following.join(', ')})`);
    }
    await repository.deleteSectorPathway(realmId, id);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'delete',
      entityType: SECTOR_PATHWAY_ENTITY,
      entityId: id,
      before: sectorPathwaySnapshot(existing),
      after: null,
    });
  });
}
