import type { FacilityTrailResponse } from '@ecc/contracts';
import type { TrailRequest } from './facility-types.ts';

/**
 * The trail API filters by year, scope, activity type and gas; a chart month or an equipment bar narrows the
 * answer to its own records here. Only the records the answer lists can be counted, so the narrowed total is
 * their sum, and the factors and audit entries are those of these records.
 */
export function narrowTrail(trail: FacilityTrailResponse, request: TrailRequest): FacilityTrailResponse {
  if (request.month === undefined && request.equipmentId === undefined) return trail;
  const records = trail.records.filter(
    (record) =>
      (request.month === undefined || record.periodStart.startsWith(request.month)) &&
      (request.equipmentId === undefined || record.equipmentId === request.equipmentId),
  );
  const factorKeys = new Set(records.map((record) => record.factorKey));
  const recordIds = new Set(records.map((record) => record.id));
  return {
    co2eKg: records.reduce((sum, record) => sum + record.co2eKg, 0),
    recordCount: records.length,
    records,
    factors: trail.factors.filter((factor) => factorKeys.has(factor.key)),
    methods: trail.methods,
    audit: trail.audit.filter((entry) => recordIds.has(entry.entityId)),
  };
}
