import {
  DEFAULT_OWNERSHIP_SHARE_PERCENT,
  FACILITY_BUSINESS_UNIT_NOT_FOUND,
  FACILITY_SLUG_FIXED,
  FACILITY_SLUG_TAKEN,
  facilityInputSchema,
  type FacilityDetailQuery,
  type FacilityDetailResponse,
  type FacilityDto,
  type FacilityListFilter,
  type FacilityListQuery,
  type FacilityListResponse,
  type FacilityMapResponse,
  type FacilityPatchValues,
  type FacilitySectorsResponse,
  type FacilityStatesResponse,
  type FacilityValues,
} from '@ecc/contracts';
import {
  auditActorOf,
  createActivityRepository,
  createAuditLogRepository,
  createEmissionMonthTotalRepository,
  createEmissionResultRepository,
  createFacilityRepository,
  createOrganisationRepository,
  readRealmGwpSetId,
  type Database,
  type FacilityRow,
  type FacilityWithCo2e,
  type UserRow,
  withRecordFields,
} from '@ecc/db';
import { FACTOR_LIBRARY_BY_ID, summarizeFacility, summaryYearOf, type GwpSetId } from '@ecc/domain';
import { fieldRefusal, HttpError, InvalidInputError, zodProblems } from '#platform/errors.ts';

export const FACILITY_NOT_FOUND = 'Facility not found';
export const FACILITY_ENTITY = 'facility';

/** The realm's reporting GWP set: every CO2e the facility list and view show is on it, never on two sets. */
async function realmGwpOf(db: Database, realmId: string): Promise<GwpSetId> {
  return readRealmGwpSetId(db, realmId);
}

export function toFacilityDto({ facility, co2e }: FacilityWithCo2e): FacilityDto {
  return {
    id: facility.id,
    slug: facility.slug,
    name: facility.name,
    sector: facility.sector,
    naics: facility.naics,
    location: {
      address: facility.address,
      city: facility.city,
      state: facility.state,
      postalCode: facility.postalCode,
      country: facility.country,
      latitude: facility.latitude,
      longitude: facility.longitude,
    },
    co2e: co2e?.co2eKg ?? null,
    co2eSource: co2e?.source ?? null,
    co2eYear: co2e?.year ?? null,
    ghgrpId: facility.ghgrpId,
    archivedOn: facility.archivedOn?.toISOString() ?? null,
    businessUnitId: facility.businessUnitId,
    ownershipSharePercent: facility.ownershipSharePercent,
    isInBoundary: facility.isInBoundary,
    boundaryExclusionReason: facility.boundaryExclusionReason,
  };
}

/**
 * A page of the list. `gwpSetId` is the realm's set as the request resolved the realm (`realmGwpSetId` of its
 * properties, cached with the realm and cleared with it on any change to the realm, decision 021), so no
 * statement reads it again. One scoped transaction for the answer's statements: one BEGIN and realm scope.
 */
export async function listFacilities(
  db: Database,
  realmId: string,
  gwpSetId: GwpSetId,
  query: FacilityListQuery,
): Promise<FacilityListResponse> {
  const { rows, total } = await db.transaction(async (transaction) =>
    createFacilityRepository(transaction).list(realmId, gwpSetId, query),
  );
  return { results: rows.map(toFacilityDto), count: rows.length, total, offset: query.offset, gwpSetId };
}

export async function facilityMap(
  db: Database,
  realmId: string,
  filter: FacilityListFilter,
): Promise<FacilityMapResponse> {
  const gwpSetId = await realmGwpOf(db, realmId);
  const rows = await createFacilityRepository(db).listForMap(realmId, gwpSetId, filter);
  const points: FacilityMapResponse['points'] = [];
  for (const row of rows) {
    if (row.latitude === null || row.longitude === null) continue;
    points.push([row.slug, row.name, row.latitude, row.longitude, row.co2eKg, row.source]);
  }
  return { points, unplaced: rows.length - points.length, gwpSetId };
}

export async function listSectors(db: Database, realmId: string): Promise<FacilitySectorsResponse> {
  return { results: await createFacilityRepository(db).sectors(realmId) };
}

export async function listStates(db: Database, realmId: string): Promise<FacilityStatesResponse> {
  return { results: await createFacilityRepository(db).states(realmId) };
}

/**
 * The facility and its summary, with the facility's id for the caller to check the user's rights on (the answer
 * is the same for every user who may read it, so it is kept for all of them, decision 046). The repositories fetch
 * rows, the domain does the arithmetic. `realmGwp` is the realm's set as the request resolved the realm (see
 * `listFacilities`). Each transaction binds the realm scope once for its statements, run one after another (pg
 * refuses a second query on a transaction's client while one runs).
 */
export async function facilityDetail(
  db: Database,
  realmId: string,
  realmGwp: GwpSetId,
  slug: string,
  query: FacilityDetailQuery,
): Promise<{ facilityId: string; detail: FacilityDetailResponse }> {
  const found = await createFacilityRepository(db).findWithCo2e(realmId, realmGwp, slug);
  if (!found) throw new HttpError(404, FACILITY_NOT_FOUND);
  const facilityId = found.facility.id;
  const { monthTotals, results, records, equipment } = await db.transaction(async (transaction) => {
    // Yearly, monthly and per-gas totals from the monthly totals the triggers keep (decision 022); results are
    // read for the selected year only, for the breakdowns by source and equipment, which the totals do not carry.
    const totals = await createEmissionMonthTotalRepository(transaction).listForFacility(
      realmId,
      facilityId,
      realmGwp,
    );
    const year = summaryYearOf(totals, query.year);
    return {
      monthTotals: totals,
      results:
        year === null
          ? []
          : await createEmissionResultRepository(transaction).listFacilityResults(
              realmId,
              facilityId,
              realmGwp,
              year,
            ),
      // One read of the records serves both the quality flags and the results' activity types and equipment.
      records: await createActivityRepository(transaction).listQualityInputs(realmId, facilityId),
      equipment: await createFacilityRepository(transaction).equipmentOf(realmId, facilityId),
    };
  });
  const summary = summarizeFacility({
    gwpSetId: realmGwp,
    results: withRecordFields(results, records),
    monthTotals,
    records: records.map((record) => ({ ...record, hhv: FACTOR_LIBRARY_BY_ID.get(record.factorKey)?.hhv })),
    equipmentNames: new Map(equipment.map((item) => [item.id, item.name])),
    reported: found.facility.reported,
    year: query.year,
  });
  return { facilityId, detail: { facility: toFacilityDto(found), summary } };
}

/** The managed fields of a stored facility, as the input schema reads them. */
function fieldsOf(facility: FacilityRow) {
  return {
    name: facility.name,
    slug: facility.slug,
    sector: facility.sector,
    naics: facility.naics,
    address: facility.address,
    city: facility.city,
    state: facility.state,
    postalCode: facility.postalCode,
    country: facility.country,
    latitude: facility.latitude,
    longitude: facility.longitude,
    businessUnitId: facility.businessUnitId,
    ownershipSharePercent: facility.ownershipSharePercent,
    isInBoundary: facility.isInBoundary,
    boundaryExclusionReason: facility.boundaryExclusionReason,
  };
}

/** What the audit trail keeps of a facility: its managed fields, its GHGRP id and whether it is archived. */
function facilityAuditSnapshot(facility: FacilityRow) {
  return {
    ...fieldsOf(facility),
    ghgrpId: facility.ghgrpId,
    archivedOn: facility.archivedOn?.toISOString() ?? null,
  };
}

function columnsOf(values: FacilityValues) {
  return {
    name: values.name,
    sector: values.sector,
    naics: values.naics ?? null,
    address: values.address ?? null,
    city: values.city ?? null,
    state: values.state ?? null,
    postalCode: values.postalCode ?? null,
    country: values.country,
    latitude: values.latitude ?? null,
    longitude: values.longitude ?? null,
    businessUnitId: values.businessUnitId ?? null,
    ownershipSharePercent: values.ownershipSharePercent ?? DEFAULT_OWNERSHIP_SHARE_PERCENT,
    isInBoundary: values.isInBoundary ?? true,
    // A facility inside the boundary keeps no exclusion reason.
    boundaryExclusionReason: values.isInBoundary === false ? (values.boundaryExclusionReason ?? null) : null,
  };
}

/** A business unit named for a facility must be one of the realm's (400 naming the field otherwise). */
async function checkBusinessUnit(db: Database, realmId: string, values: FacilityValues): Promise<void> {
  if (!values.businessUnitId) return;
  const unit = await createOrganisationRepository(db).findBusinessUnit(realmId, values.businessUnitId);
  if (!unit) throw fieldRefusal(400, { 'body/businessUnitId': FACILITY_BUSINESS_UNIT_NOT_FOUND });
}

async function facilityDto(db: Database, realmId: string, slug: string): Promise<FacilityDto> {
  const found = await createFacilityRepository(db).findWithCo2e(realmId, await realmGwpOf(db, realmId), slug);
  if (!found) throw new HttpError(404, FACILITY_NOT_FOUND);
  return toFacilityDto(found);
}

/** Creates a facility and its audit entry in one transaction; a slug the realm has already is a 409. */
export async function createFacility(
  db: Database,
  realmId: string,
  actor: UserRow,
  values: FacilityValues,
): Promise<FacilityDto> {
  const created = await db.transaction(async (transaction) => {
    await checkBusinessUnit(transaction, realmId, values);
    const row = await createFacilityRepository(transaction).insert(realmId, {
      ...columnsOf(values),
      slug: values.slug,
      ghgrpId: null,
      reported: {},
    });
    if (!row) throw fieldRefusal(409, { 'body/slug': FACILITY_SLUG_TAKEN });
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'create',
      entityType: FACILITY_ENTITY,
      entityId: row.id,
      before: null,
      after: facilityAuditSnapshot(row),
    });
    return row;
  });
  return toFacilityDto({ facility: created, co2e: null });
}

/**
 * Applies a partial change (fields, and `archived` to archive or bring back), checked as a whole facility. The
 * facility is read, checked with `authorize` and written in one transaction, with its audit entry; a change
 * that changes nothing writes nothing. The slug is fixed once the facility exists.
 */
export async function updateFacility(
  db: Database,
  realmId: string,
  actor: UserRow,
  slug: string,
  patch: FacilityPatchValues,
  authorize: (facility: FacilityRow) => Promise<void>,
): Promise<FacilityDto> {
  await db.transaction(async (transaction) => {
    const facilities = createFacilityRepository(transaction);
    const existing = await facilities.lockBySlug(realmId, slug);
    if (!existing) throw new HttpError(404, FACILITY_NOT_FOUND);
    await authorize(existing);
    const { archived, ...fields } = patch;
    if (fields.slug !== undefined && fields.slug !== existing.slug) {
      throw fieldRefusal(400, { 'body/slug': FACILITY_SLUG_FIXED });
    }
    const merged = facilityInputSchema.safeParse({ ...fieldsOf(existing), ...fields });
    if (!merged.success) throw new InvalidInputError(zodProblems(merged.error.issues)).toRefusal();
    await checkBusinessUnit(transaction, realmId, merged.data);
    const archivedOn =
      archived === undefined ? existing.archivedOn : archived ? (existing.archivedOn ?? new Date()) : null;
    const changes = { ...columnsOf(merged.data), archivedOn };
    const before = facilityAuditSnapshot(existing);
    // The same function on both sides gives the same key order, so the texts compare the values.
    const isUnchanged =
      JSON.stringify(before) === JSON.stringify(facilityAuditSnapshot({ ...existing, ...changes }));
    if (isUnchanged) return;
    const updated = await facilities.update(realmId, existing.id, changes);
    if (!updated) throw new HttpError(404, FACILITY_NOT_FOUND);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'update',
      entityType: FACILITY_ENTITY,
      entityId: existing.id,
      before,
      after: facilityAuditSnapshot(updated),
    });
  });
  return facilityDto(db, realmId, slug);
}
