import { createFacilityRepository, type Database } from '@ecc/db';
import type { FastifyRequest } from 'fastify';
import { assertCanOnOwnRecord, requireSession } from './route-access.ts';

/**
 * Routes that address a facility by slug (its records, trail) act on that facility: a grant limited to some
 * facilities' ids must reach this one (`read Facility`). An unknown slug is left to the handler's 404. The
 * facility view checks the facility it has found itself, saving this lookup.
 */
export async function assertCanReadFacility(
  request: FastifyRequest,
  db: Database,
  slug: string,
): Promise<void> {
  const facilityId = await createFacilityRepository(db).findIdBySlug(requireSession(request).realm.id, slug);
  if (facilityId) await assertCanOnOwnRecord(request, 'read', 'Facility', facilityId);
}
