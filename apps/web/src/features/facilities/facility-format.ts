import {
  DEFAULT_LOCALE,
  type AuditEntryDto,
  type FacilityLocation,
  type FacilityYearTotals,
  type TrailFactor,
} from '@ecc/contracts';
import { formatNumber } from '#lib/format/format-number.ts';

// Factors are small numbers whose digits matter (0.001026 mmBtu/scf): significant digits, not 2 decimals.
const factorNumberFormat = new Intl.NumberFormat(DEFAULT_LOCALE, { maximumSignificantDigits: 6 });

/** A factor, heat content or conversion as published: up to six significant digits, with separators. */
export function formatFactorValue(value: number): string {
  return factorNumberFormat.format(value);
}

/** kg CO2e as the view shows it: tonnes from 1,000 kg, so that facility totals stay readable. */
export function formatCo2e(kg: number): string {
  // From 1,000 t the decimals are noise on screen; the trail gives the exact figures.
  if (Math.abs(kg) >= 1_000_000) return `${formatNumber(Math.round(kg / 1000))} t CO2e`;
  if (Math.abs(kg) >= 1000) return `${formatNumber(kg / 1000)} t CO2e`;
  return `${formatNumber(kg)} kg CO2e`;
}

const compactFormat = new Intl.NumberFormat(DEFAULT_LOCALE, {
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** A chart axis label: `145K t`, `950 kg`. */
export function formatCo2eCompact(kg: number): string {
  if (Math.abs(kg) >= 1000) return `${compactFormat.format(kg / 1000)} t`;
  return `${compactFormat.format(kg)} kg`;
}

/** The percentage change from one value to the next; undefined when there is nothing to compare with. */
export function percentChange(current: number, previous: number | undefined): number | undefined {
  if (previous === undefined || previous === 0) return undefined;
  return ((current - previous) / Math.abs(previous)) * 100;
}

export function formatPercentChange(change: number | undefined): string {
  if (change === undefined) return 'No earlier year to compare';
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  return `${sign}${formatNumber(Math.abs(change))}% vs last year`;
}

/** The latest year and the one before it, from the summary's years in any order. */
export function latestYears(years: readonly FacilityYearTotals[]): {
  current: FacilityYearTotals | undefined;
  previous: FacilityYearTotals | undefined;
} {
  const sorted = [...years].sort((left, right) => right.year - left.year);
  const current = sorted[0];
  const previous = current === undefined ? undefined : sorted.find((year) => year.year === current.year - 1);
  return { current, previous };
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
