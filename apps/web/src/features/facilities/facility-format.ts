import {
  DEFAULT_LOCALE,
  type AuditEntryDto,
  type FacilityLocation,
  type FacilityYearTotals,
  type TrailFactor,
} from '@ecc/contracts';

// Factors are small numbers whose digits matter (0.001026 mmBtu/scf): significant digits, not 2 decimals.
const factorNumberFormat = new Intl.NumberFormat(DEFAULT_LOCALE, { maximumSignificantDigits: 6 });

/** A factor, heat content or conversion as published: up to six significant digits, with separators. */
export function formatFactorValue(value: number): string {
  return factorNumberFormat.format(value);
}

/** The totals of `year` and of the year before it, from the summary's years in any order. */
export function yearAndPrevious(
  years: readonly FacilityYearTotals[],
  year: number | null,
): { current: FacilityYearTotals | undefined; previous: FacilityYearTotals | undefined } {
  if (year === null) return { current: undefined, previous: undefined };
  return {
    current: years.find((totals) => totals.year === year),
    previous: years.find((totals) => totals.year === year - 1),
  };
}

export function formatLocation(location: FacilityLocation): string {
  const place = [location.city, location.state].filter(Boolean).join(', ');
  return [location.address, place, location.postalCode, location.country].filter(Boolean).join(' · ');
}

/** A factor with where it comes from: an auditor reads the edition before the value. */
export function describeFactor(factor: TrailFactor): string {
  return `${factor.name} — ${factor.source}, version ${factor.version} (${factor.year})`;
}

/** The factor's value per gas, e.g. `73.96 kg CO2 + 0.003 kg CH4 per mmBtu`. */
export function describeFactorValues(factor: TrailFactor): string {
  const gases = Object.entries(factor.gases).map(
    ([gas, amount]) => `${factorNumberFormat.format(amount.value)} ${amount.unit} ${gas}`,
  );
  const values = gases.length > 0 ? `${gases.join(' + ')} per ${factor.per}` : `per ${factor.per}`;
  if (factor.hhv === undefined) return values;
  return `${values}; heat content ${factorNumberFormat.format(factor.hhv.value)} ${factor.hhv.energy}/${factor.hhv.per}`;
}

const ACTION_VERBS: Record<string, string> = { create: 'created', update: 'changed', delete: 'deleted' };

/** One audit entry as a sentence: who did what to which record, and when. */
export function describeAuditEntry(entry: AuditEntryDto, formatWhen: (iso: string) => string): string {
  const who = entry.actorEmail ?? 'The system';
  const verb = ACTION_VERBS[entry.action] ?? entry.action;
  return `${who} ${verb} ${entry.entityType} ${entry.entityId} on ${formatWhen(entry.occurredOn)}`;
}

/** The fields an update changed, as `field: before → after`. */
export function auditChanges(entry: AuditEntryDto): string[] {
  if (!isRecord(entry.before) || !isRecord(entry.after)) return [];
  const before = entry.before;
  const after = entry.after;
  return Object.keys(after)
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .filter((field) => field !== 'modifiedOn' && field !== 'modifiedBy')
    .map((field) => `${field}: ${displayValue(before[field])} → ${displayValue(after[field])}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function displayValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `2024-03` → `Mar 2024`. */
export function formatMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (year === undefined || monthNumber === undefined) return month;
  return new Date(Date.UTC(year, monthNumber - 1, 1)).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
