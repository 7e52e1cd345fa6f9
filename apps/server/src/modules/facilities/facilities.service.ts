import type {
  FacilityDetailResponse,
  FacilityDto,
  FacilityListFilter,
  FacilityListQuery,
  FacilityListResponse,
  FacilityMapResponse,
  FacilitySectorsResponse,
  FacilityStatesResponse,
} from '@ecc/contracts';
import {
  createActivityRepository,
  createEmissionResultRepository,
  createFacilityRepository,
  createRealmRepository,
  type Database,
  type FacilityWithCo2e,
} from '@ecc/db';
import {
  FACTOR_LIBRARY_BY_ID,
  isGwpSetId,
  realmGwpSetId,
  REPORTING_GWP_SET_ID,
  summarizeFacility,
  type GwpSetId,
} from '@ecc/domain';
import { HttpError } from '#platform/errors.ts';

export const FACILITY_NOT_FOUND = 'Facility not found';

/** The realm's reporting GWP set: every CO2e the facility list and view show is on it, never on two sets. */
async function realmGwpOf(db: Database, realmId: string): Promise<GwpSetId> {
  const realm = await createRealmRepository(db).findById(realmId);
  return realmGwpSetId(realm?.properties ?? {});
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
  };
}

export async function listFacilities(
  db: Database,
  realmId: string,
  query: FacilityListQuery,
): Promise<FacilityListResponse> {
  const gwpSetId = await realmGwpOf(db, realmId);
  const { rows, total } = await createFacilityRepository(db).list(realmId, gwpSetId, query);
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

/** The facility and its summary; the repositories fetch rows, the domain does the arithmetic. */
export async function facilityDetail(
  db: Database,
  realmId: string,
  slug: string,
): Promise<FacilityDetailResponse> {
  const facilities = createFacilityRepository(db);
  const found = await facilities.findWithCo2e(realmId, await realmGwpOf(db, realmId), slug);
  if (!found) throw new HttpError(404, FACILITY_NOT_FOUND);
  const facilityId = found.facility.id;
  const [results, records, equipment] = await Promise.all([
    createEmissionResultRepository(db).listForFacility(realmId, facilityId),
    createActivityRepository(db).listQualityInputs(realmId, facilityId),
    facilities.equipmentOf(realmId, facilityId),
  ]);
  const storedGwp = results[0]?.gwpSetId;
  const summary = summarizeFacility({
    gwpSetId: isGwpSetId(storedGwp) ? storedGwp : REPORTING_GWP_SET_ID,
    results,
    records: records.map((record) => ({ ...record, hhv: FACTOR_LIBRARY_BY_ID.get(record.factorKey)?.hhv })),
    equipmentNames: new Map(equipment.map((item) => [item.id, item.name])),
    reported: found.facility.reported,
  });
  return { facility: toFacilityDto(found), summary };
}
