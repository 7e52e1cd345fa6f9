import type {
  FacilityDetailResponse,
  FacilityDto,
  FacilityListQuery,
  FacilityListResponse,
  FacilitySectorsResponse,
} from '@ecc/contracts';
import {
  createActivityRepository,
  createEmissionResultRepository,
  createFacilityRepository,
  readRealmGwpSetId,
  type Database,
  type FacilityWithLatestYear,
} from '@ecc/db';
import { FACTOR_LIBRARY_BY_ID, isGwpSetId, summarizeFacility } from '@ecc/domain';
import { HttpError } from '#platform/errors.ts';

export const FACILITY_NOT_FOUND = 'Facility not found';

export function toFacilityDto({
  facility,
  latestYear,
  co2eKgLatestYear,
}: FacilityWithLatestYear): FacilityDto {
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
    co2eKgLatestYear,
    latestYear,
  };
}

export async function listFacilities(
  db: Database,
  realmId: string,
  query: FacilityListQuery,
): Promise<FacilityListResponse> {
  const { rows, total } = await createFacilityRepository(db).list(realmId, query);
  return { results: rows.map(toFacilityDto), count: rows.length, total, offset: query.offset };
}

export async function listSectors(db: Database, realmId: string): Promise<FacilitySectorsResponse> {
  return { results: await createFacilityRepository(db).sectors(realmId) };
}

/** The facility and its summary; the repositories fetch rows, the domain does the arithmetic. */
export async function facilityDetail(
  db: Database,
  realmId: string,
  slug: string,
): Promise<FacilityDetailResponse> {
  const facilities = createFacilityRepository(db);
  const found = await facilities.findBySlug(realmId, slug);
  if (!found) throw new HttpError(404, FACILITY_NOT_FOUND);
  const facilityId = found.facility.id;
  const [results, records, equipment] = await Promise.all([
    createEmissionResultRepository(db).listForFacility(realmId, facilityId),
    createActivityRepository(db).listQualityInputs(realmId, facilityId),
    facilities.equipmentOf(realmId, facilityId),
  ]);
  // The results come from one view of the realm's set; with none, the realm's set names the zeros.
  const storedGwp = results[0]?.gwpSetId;
  const summary = summarizeFacility({
    gwpSetId: isGwpSetId(storedGwp) ? storedGwp : await readRealmGwpSetId(db, realmId),
    results,
    records: records.map((record) => ({ ...record, hhv: FACTOR_LIBRARY_BY_ID.get(record.factorKey)?.hhv })),
    equipmentNames: new Map(equipment.map((item) => [item.id, item.name])),
    reported: found.facility.reported,
  });
  return { facility: toFacilityDto(found), summary };
}
