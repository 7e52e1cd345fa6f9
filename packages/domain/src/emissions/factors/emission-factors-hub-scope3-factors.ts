import type { Unit } from '../units.ts';
import { freezeFactor, type EmissionFactor, type Scope3Category } from './emission-factor.ts';

/**
 * EPA GHG Emission Factors Hub, 2024 edition, Scope 3 tables, in the Hub's own units:
 * - Table 8, upstream (category 4) and downstream (category 9) transportation and distribution: kg CO2, g CH4 and
 *   g N2O per vehicle-mile or per short ton-mile (ton-mile when the vehicle also carries others' goods).
 * - Table 9, waste generated in operations (category 5) and end-of-life treatment of sold products (category 12):
 *   metric tons CO2e per short ton of material by disposal method, which the Hub computed with AR4 GWPs (its
 *   note), so they are published CO2e on AR4; "NA" cells give no factor.
 * - Table 10, business travel (category 6) and employee commuting (category 7): per vehicle-mile for road vehicles,
 *   per passenger-mile for rail, bus and air.
 * A factor carries the first of its table's two categories; a Scope 3 line's own category is the one it counts in.
 * Values were read from the Hub's workbook ghg-emission-factors-hub-2024.xlsx (sheet "Emission Factors Hub", the
 * June 2024 revision: row 5 notes updates "from the original release of the 2024 version", last printed
 * 2024-06-05) as shipped in github.com/Vishnu-2012/SupplyChain-CO2-Analysis, data/ghg-emission-factors-hub-2024.xlsx
 * (commit bc93e68b0195ffca459b63fde1225653dee27849, sha256 00fb2f35…f0cd8fd), Table 8 rows 413–419, Table 9 rows
 * 427–487, Table 10 rows 495–506, each cell as displayed (rounded to its own number format); its Table 1 equals the
 * values of `emission-factors-hub-factors.ts`. Tables 8 and 10 agree with a second, unrounded copy of the same
 * rows in another public repository.
 */

const HUB = 'U.S. EPA, GHG Emission Factors Hub 2024';
const HUB_YEAR = 2024;

function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

interface DistanceRow {
  readonly slug: string;
  /** The vehicle type as the table prints it, without its footnote letter. */
  readonly vehicle: string;
  readonly per: Unit;
  readonly co2Kg: number;
  readonly ch4G: number;
  readonly n2oG: number;
}

const UNIT_WORDS: Partial<Record<Unit, string>> = {
  mi: 'vehicle-mile',
  passenger_mi: 'passenger-mile',
  short_ton_mi: 'short ton-mile',
};

// prettier-ignore
const TABLE_8: readonly DistanceRow[] = [
  { slug: 'medium-and-heavy-duty-truck-vehicle-mile', vehicle: 'Medium- and Heavy-Duty Truck', per: 'mi', co2Kg: 1.36, ch4G: 0.012, n2oG: 0.038 },
  { slug: 'passenger-car-vehicle-mile', vehicle: 'Passenger Car', per: 'mi', co2Kg: 0.306, ch4G: 0.009, n2oG: 0.006 },
  { slug: 'light-duty-truck-vehicle-mile', vehicle: 'Light-Duty Truck', per: 'mi', co2Kg: 0.405, ch4G: 0.011, n2oG: 0.01 },
  { slug: 'medium-and-heavy-duty-truck-ton-mile', vehicle: 'Medium- and Heavy-Duty Truck', per: 'short_ton_mi', co2Kg: 0.168, ch4G: 0.0015, n2oG: 0.0047 },
  { slug: 'rail-ton-mile', vehicle: 'Rail', per: 'short_ton_mi', co2Kg: 0.022, ch4G: 0.0017, n2oG: 0.0005 },
  { slug: 'waterborne-craft-ton-mile', vehicle: 'Waterborne Craft', per: 'short_ton_mi', co2Kg: 0.082, ch4G: 0.0326, n2oG: 0.0021 },
  { slug: 'aircraft-ton-mile', vehicle: 'Aircraft', per: 'short_ton_mi', co2Kg: 0.905, ch4G: 0, n2oG: 0.0279 },
];

// prettier-ignore
const TABLE_10: readonly DistanceRow[] = [
  { slug: 'passenger-car', vehicle: 'Passenger Car', per: 'mi', co2Kg: 0.306, ch4G: 0.009, n2oG: 0.006 },
  { slug: 'light-duty-truck', vehicle: 'Light-Duty Truck', per: 'mi', co2Kg: 0.405, ch4G: 0.011, n2oG: 0.01 },
  { slug: 'motorcycle', vehicle: 'Motorcycle', per: 'mi', co2Kg: 0.376, ch4G: 0.091, n2oG: 0.019 },
  { slug: 'intercity-rail-northeast-corridor', vehicle: 'Intercity Rail - Northeast Corridor', per: 'passenger_mi', co2Kg: 0.058, ch4G: 0.0055, n2oG: 0.0007 },
  { slug: 'intercity-rail-other-routes', vehicle: 'Intercity Rail - Other Routes', per: 'passenger_mi', co2Kg: 0.15, ch4G: 0.0117, n2oG: 0.0038 },
  { slug: 'intercity-rail-national-average', vehicle: 'Intercity Rail - National Average', per: 'passenger_mi', co2Kg: 0.113, ch4G: 0.0092, n2oG: 0.0026 },
  { slug: 'commuter-rail', vehicle: 'Commuter Rail', per: 'passenger_mi', co2Kg: 0.133, ch4G: 0.0105, n2oG: 0.0026 },
  { slug: 'transit-rail', vehicle: 'Transit Rail (i.e. Subway, Tram)', per: 'passenger_mi', co2Kg: 0.093, ch4G: 0.0075, n2oG: 0.001 },
  { slug: 'bus', vehicle: 'Bus', per: 'passenger_mi', co2Kg: 0.071, ch4G: 0.005, n2oG: 0.0021 },
  { slug: 'air-travel-short-haul', vehicle: 'Air Travel - Short Haul (< 300 miles)', per: 'passenger_mi', co2Kg: 0.207, ch4G: 0.0064, n2oG: 0.0066 },
  { slug: 'air-travel-medium-haul', vehicle: 'Air Travel - Medium Haul (>= 300 miles, < 2300 miles)', per: 'passenger_mi', co2Kg: 0.129, ch4G: 0.0006, n2oG: 0.0041 },
  { slug: 'air-travel-long-haul', vehicle: 'Air Travel - Long Haul (>= 2300 miles)', per: 'passenger_mi', co2Kg: 0.163, ch4G: 0.0006, n2oG: 0.0052 },
];

function distanceFactor(
  row: DistanceRow,
  table: { readonly number: 8 | 10; readonly idPart: string; readonly title: string; readonly use: string },
  category: Scope3Category,
): EmissionFactor {
  const unitWords = UNIT_WORDS[row.per] ?? row.per;
  return freezeFactor({
    id: `epa-hub-2024-${table.idPart}-${row.slug}`,
    name: `${row.vehicle} (${table.use}), per ${unitWords}`,
    source: `${HUB}, Table ${table.number} (${table.title}), "${row.vehicle}", per ${unitWords}`,
    year: HUB_YEAR,
    per: row.per,
    gases: {
      CO2: { value: row.co2Kg, unit: 'kg' },
      CH4: { value: row.ch4G, unit: 'g' },
      N2O: { value: row.n2oG, unit: 'g' },
    },
    scope: 3,
    category,
  });
}

const TABLE_8_INFO = {
  number: 8,
  idPart: 'freight',
  title: 'Scope 3 categories 4 and 9, upstream and downstream transportation and distribution',
  use: 'freight',
} as const;
const TABLE_10_INFO = {
  number: 10,
  idPart: 'travel',
  title: 'Scope 3 categories 6 and 7, business travel and employee commuting',
  use: 'business travel and commuting',
} as const;

/** Table 9's disposal methods in its column order, with the column heading as printed (footnote letter dropped). */
export const HUB_WASTE_DISPOSAL_METHODS = [
  { slug: 'recycled', heading: 'Recycled' },
  { slug: 'landfilled', heading: 'Landfilled' },
  { slug: 'combusted', heading: 'Combusted' },
  { slug: 'composted', heading: 'Composted' },
  { slug: 'anaerobically-digested-dry', heading: 'Anaerobically Digested (Dry Digestate with Curing)' },
  { slug: 'anaerobically-digested-wet', heading: 'Anaerobically Digested (Wet Digestate with Curing)' },
] as const;
export type HubWasteDisposalMethod = (typeof HUB_WASTE_DISPOSAL_METHODS)[number]['slug'];

type WasteCells = readonly [
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
];

/** Metric tons CO2e per short ton, in the column order above; null where the table prints "NA". */
// prettier-ignore
const TABLE_9: readonly (readonly [material: string, cells: WasteCells])[] = [
  ['Aluminum Cans', [0.06, 0.02, 0.01, null, null, null]],
  ['Aluminum Ingot', [0.04, 0.02, 0.01, null, null, null]],
  ['Steel Cans', [0.32, 0.02, 0.01, null, null, null]],
  ['Copper Wire', [0.18, 0.02, 0.01, null, null, null]],
  ['Glass', [0.05, 0.02, 0.01, null, null, null]],
  ['HDPE', [0.21, 0.02, 2.8, null, null, null]],
  ['LDPE', [null, 0.02, 2.8, null, null, null]],
  ['PET', [0.23, 0.02, 2.05, null, null, null]],
  ['LLDPE', [null, 0.02, 2.8, null, null, null]],
  ['PP', [0.2, 0.02, 2.8, null, null, null]],
  ['PS', [null, 0.02, 3.02, null, null, null]],
  ['PVC', [null, 0.02, 1.26, null, null, null]],
  ['PLA', [null, 0.02, 0.01, 0.13, null, null]],
  ['Corrugated Containers', [0.11, 1, 0.05, null, null, null]],
  ['Magazines/Third-class mail', [0.02, 0.46, 0.05, null, null, null]],
  ['Newspaper', [0.02, 0.39, 0.05, null, null, null]],
  ['Office Paper', [0.02, 1.41, 0.05, null, null, null]],
  ['Phonebooks', [0.04, 0.39, 0.05, null, null, null]],
  ['Textbooks', [0.04, 1.41, 0.05, null, null, null]],
  ['Dimensional Lumber', [null, 0.17, 0.05, null, null, null]],
  ['Medium-density Fiberboard', [null, 0.07, 0.05, null, null, null]],
  ['Food Waste (non-meat)', [null, 0.67, 0.05, 0.11, 0.14, 0.11]],
  ['Food Waste (meat only)', [null, 0.69, 0.05, 0.11, 0.14, 0.11]],
  ['Beef', [null, 0.64, 0.05, 0.11, 0.14, 0.11]],
  ['Poultry', [null, 0.73, 0.05, 0.11, 0.14, 0.11]],
  ['Grains', [null, 2.06, 0.05, 0.11, 0.14, 0.11]],
  ['Bread', [null, 1.49, 0.05, 0.11, 0.14, 0.11]],
  ['Fruits and Vegetables', [null, 0.28, 0.05, 0.11, 0.14, 0.11]],
  ['Dairy Products', [null, 0.72, 0.05, 0.11, 0.14, 0.11]],
  ['Yard Trimmings', [null, 0.36, 0.05, 0.14, 0.11, null]],
  ['Grass', [null, 0.28, 0.05, 0.14, 0.09, null]],
  ['Leaves', [null, 0.28, 0.05, 0.14, 0.12, null]],
  ['Branches', [null, 0.58, 0.05, 0.14, 0.15, null]],
  ['Mixed Paper (general)', [0.07, 0.89, 0.05, null, null, null]],
  ['Mixed Paper (primarily residential)', [0.07, 0.86, 0.05, null, null, null]],
  ['Mixed Paper (primarily from offices)', [0.03, 0.84, 0.05, null, null, null]],
  ['Mixed Metals', [0.23, 0.02, 0.01, null, null, null]],
  ['Mixed Plastics', [0.22, 0.02, 2.34, null, null, null]],
  ['Mixed Recyclables', [0.09, 0.75, 0.11, null, null, null]],
  ['Food Waste', [null, 0.68, 0.05, 0.11, null, null]],
  ['Mixed Organics', [null, 0.54, 0.05, 0.13, null, null]],
  ['Mixed MSW', [null, 0.58, 0.43, null, null, null]],
  ['Carpet', [null, 0.02, 1.68, null, null, null]],
  ['Desktop CPUs', [0.01, 0.02, 0.4, null, null, null]],
  ['Portable Electronic Devices', [0.02, 0.02, 0.89, null, null, null]],
  ['Flat-panel Displays', [0.02, 0.02, 0.74, null, null, null]],
  ['CRT Displays', [null, 0.02, 0.64, null, null, null]],
  ['Electronic Peripherals', [0.05, 0.02, 2.23, null, null, null]],
  ['Hard-copy Devices', [0.01, 0.02, 1.92, null, null, null]],
  ['Mixed Electronics', [0.02, 0.02, 0.96, null, null, null]],
  ['Clay Bricks', [null, 0.02, null, null, null, null]],
  ['Concrete', [0.01, 0.02, null, null, null, null]],
  ['Fly Ash', [0.01, 0.02, null, null, null, null]],
  ['Tires', [0.1, 0.02, 2.21, null, null, null]],
  ['Asphalt Concrete', [0.004, 0.02, null, null, null, null]],
  ['Asphalt Shingles', [0.03, 0.02, 0.7, null, null, null]],
  ['Drywall', [null, 0.02, null, null, null, null]],
  ['Fiberglass Insulation', [0.05, 0.02, null, null, null, null]],
  ['Structural Steel', [0.04, 0.02, null, null, null, null]],
  ['Vinyl Flooring', [null, 0.02, 0.29, null, null, null]],
  ['Wood Flooring', [null, 0.18, 0.08, null, null, null]],
];

/** Table 9's materials as printed, in its row order. */
export const HUB_WASTE_MATERIALS: readonly string[] = TABLE_9.map(([material]) => material);

/** The id of the Table 9 factor of a material (as printed) and disposal method. */
export function hubWasteFactorId(material: string, method: HubWasteDisposalMethod): string {
  return `epa-hub-2024-waste-${slugOf(material)}-${method}`;
}

function wasteFactors([material, cells]: (typeof TABLE_9)[number]): EmissionFactor[] {
  return HUB_WASTE_DISPOSAL_METHODS.flatMap((method, column) => {
    const value = cells[column];
    if (value === null || value === undefined) return [];
    return [
      freezeFactor({
        id: hubWasteFactorId(material, method.slug),
        name: `${material} waste, ${method.heading.toLowerCase()}, per short ton`,
        source: `${HUB}, Table 9 (Scope 3 categories 5 and 12, waste generated in operations and end-of-life treatment of sold products), "${material}", "${method.heading}"`,
        year: HUB_YEAR,
        per: 'short_ton',
        gases: {},
        co2e: { value, unit: 't', gwp: 'AR4' },
        scope: 3,
        category: 5,
      }),
    ];
  });
}

export const EMISSION_FACTORS_HUB_SCOPE3_FACTORS: readonly EmissionFactor[] = [
  ...TABLE_8.map((row) => distanceFactor(row, TABLE_8_INFO, 4)),
  ...TABLE_9.flatMap(wasteFactors),
  ...TABLE_10.map((row) => distanceFactor(row, TABLE_10_INFO, 6)),
];
