import type { IntensityDenominatorKind, SectorPathwayDto } from '@ecc/contracts';

/*
 * The sector pathway form holds text, as inputs do: a name, the denominator its intensities are per, and a row per
 * year. `sectorPathwayRequestOf` turns it into the contract's request, whose schema then decides what is valid
 * (the same words as the server's).
 */

export interface SectorPathwayPointFormValues {
  year: string;
  intensity: string;
}

export interface SectorPathwayFormValues {
  name: string;
  denominatorKind: IntensityDenominatorKind | '';
  points: SectorPathwayPointFormValues[];
}

/** Blank stays blank (the schema names it); anything else a number, with a decimal comma accepted. */
function numberOf(text: string): number | null {
  return text.trim() === '' ? null : Number(text.trim().replace(',', '.'));
}

/** A new pathway starts with two blank years, the fewest it may have. */
export function sectorPathwayFormValues(pathway?: SectorPathwayDto): SectorPathwayFormValues {
  if (!pathway) {
    return {
      name: '',
      denominatorKind: '',
      points: [
        { year: '', intensity: '' },
        { year: '', intensity: '' },
      ],
    };
  }
  return {
    name: pathway.name,
    denominatorKind: pathway.denominatorKind,
    points: pathway.points.map((point) => ({ year: String(point.year), intensity: String(point.intensity) })),
  };
}

export function sectorPathwayRequestOf(values: SectorPathwayFormValues) {
  return {
    name: values.name,
    denominatorKind: values.denominatorKind === '' ? null : values.denominatorKind,
    points: values.points.map((point) => ({
      year: numberOf(point.year),
      intensity: numberOf(point.intensity),
    })),
  };
}

type SectorPathwayField =
  'name' | 'denominatorKind' | 'points' | `points.${number}.year` | `points.${number}.intensity`;

/**
 * The field a refusal's path names: `points/2/year` is that row's year; a refusal of the list as a whole (fewer
 * than two years) goes under the list.
 */
export function sectorPathwayFieldOf(path: readonly string[]): SectorPathwayField | undefined {
  const [first, index, part] = path;
  if (first === 'name' || first === 'denominatorKind') return first;
  if (first !== 'points') return undefined;
  const row = Number(index);
  if (index === undefined || !Number.isInteger(row)) return 'points';
  return part === 'year' || part === 'intensity' ? `points.${row}.${part}` : `points.${row}.year`;
}
