import type { TransportMode, WasteTreatment } from '@ecc/contracts';
import {
  FACTOR_LIBRARY_BY_ID,
  HUB_WASTE_MATERIALS,
  hubWasteFactorId,
  type HubWasteDisposalMethod,
} from '../emissions/factor-library.ts';
import { dimensionOf, isUnit } from '../emissions/units.ts';

/*
 * Which EPA GHG Emission Factors Hub 2024 factor a Scope 3 distance or waste line takes when its author names a
 * mode or a waste type and treatment but no factor (decision 029, "Since"). The quantity's unit says which table
 * column applies: short ton-miles (tonne-km) are Table 8's shared-vehicle freight, passenger-miles Table 10's
 * public transport and air, vehicle-miles Table 8's dedicated vehicles for freight categories (4 and 9) and Table
 * 10's road vehicles for everything else.
 */

const FREIGHT_CATEGORIES: ReadonlySet<number> = new Set([4, 9]);

/** Freight carried in a vehicle shared with other goods (per short ton-mile, Table 8). */
export const FREIGHT_TON_MILE_FACTORS: Readonly<Partial<Record<TransportMode, string>>> = {
  road: 'epa-hub-2024-freight-medium-and-heavy-duty-truck-ton-mile',
  rail: 'epa-hub-2024-freight-rail-ton-mile',
  sea: 'epa-hub-2024-freight-waterborne-craft-ton-mile',
  air: 'epa-hub-2024-freight-aircraft-ton-mile',
};

/** A vehicle dedicated to the company's goods (per vehicle-mile, Table 8). */
export const FREIGHT_VEHICLE_MILE_FACTORS: Readonly<Partial<Record<TransportMode, string>>> = {
  road: 'epa-hub-2024-freight-medium-and-heavy-duty-truck-vehicle-mile',
  car: 'epa-hub-2024-freight-passenger-car-vehicle-mile',
  'light-duty-truck': 'epa-hub-2024-freight-light-duty-truck-vehicle-mile',
};

/** A trip by road vehicle (per vehicle-mile, Table 10). */
export const TRAVEL_VEHICLE_MILE_FACTORS: Readonly<Partial<Record<TransportMode, string>>> = {
  car: 'epa-hub-2024-travel-passenger-car',
  'light-duty-truck': 'epa-hub-2024-travel-light-duty-truck',
  motorcycle: 'epa-hub-2024-travel-motorcycle',
};

/**
 * A trip by public transport or air (per passenger-mile, Table 10). Plain `air` has none: the haul decides the
 * factor (short, medium and long differ threefold) and a line's total miles do not tell it.
 */
export const TRAVEL_PASSENGER_MILE_FACTORS: Readonly<Partial<Record<TransportMode, string>>> = {
  rail: 'epa-hub-2024-travel-intercity-rail-national-average',
  'intercity-rail-northeast-corridor': 'epa-hub-2024-travel-intercity-rail-northeast-corridor',
  'intercity-rail-other-routes': 'epa-hub-2024-travel-intercity-rail-other-routes',
  'commuter-rail': 'epa-hub-2024-travel-commuter-rail',
  'transit-rail': 'epa-hub-2024-travel-transit-rail',
  bus: 'epa-hub-2024-travel-bus',
  'air-short-haul': 'epa-hub-2024-travel-air-travel-short-haul',
  'air-medium-haul': 'epa-hub-2024-travel-air-travel-medium-haul',
  'air-long-haul': 'epa-hub-2024-travel-air-travel-long-haul',
};

/** Table 9's disposal method of each treatment a line can name; plain anaerobic digestion and other have none. */
export const WASTE_TREATMENT_DISPOSAL_METHODS: Readonly<
  Partial<Record<WasteTreatment, HubWasteDisposalMethod>>
> = {
  recycling: 'recycled',
  landfill: 'landfilled',
  incineration: 'combusted',
  composting: 'composted',
  'anaerobic-digestion-dry': 'anaerobically-digested-dry',
  'anaerobic-digestion-wet': 'anaerobically-digested-wet',
};

export interface DistanceLineChoice {
  readonly category: number;
  readonly mode: TransportMode;
  readonly unit: string;
}

/** The library factor of a distance line's mode and unit, or undefined when the Hub has none for the pair. */
export function defaultDistanceFactorId(line: DistanceLineChoice): string | undefined {
  if (!isUnit(line.unit)) return undefined;
  const dimension = dimensionOf(line.unit);
  if (dimension === 'freight-distance') return FREIGHT_TON_MILE_FACTORS[line.mode];
  if (dimension === 'passenger-distance') return TRAVEL_PASSENGER_MILE_FACTORS[line.mode];
  if (dimension !== 'distance') return undefined;
  return FREIGHT_CATEGORIES.has(line.category)
    ? FREIGHT_VEHICLE_MILE_FACTORS[line.mode]
    : TRAVEL_VEHICLE_MILE_FACTORS[line.mode];
}

const comparable = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
const MATERIALS_BY_NAME: ReadonlyMap<string, string> = new Map(
  HUB_WASTE_MATERIALS.map((material) => [comparable(material), material]),
);

/** Table 9's material named by a waste type, ignoring case and spacing (`mixed msw` is "Mixed MSW"). */
export function hubWasteMaterialOf(wasteType: string): string | undefined {
  return MATERIALS_BY_NAME.get(comparable(wasteType));
}

export interface WasteLineChoice {
  readonly wasteType: string;
  readonly wasteTreatment: WasteTreatment;
}

/** The Table 9 factor of a waste type and treatment, or undefined when the type is not a Table 9 material or the cell is "NA". */
export function defaultWasteFactorId(line: WasteLineChoice): string | undefined {
  const material = hubWasteMaterialOf(line.wasteType);
  const method = WASTE_TREATMENT_DISPOSAL_METHODS[line.wasteTreatment];
  if (material === undefined || method === undefined) return undefined;
  const id = hubWasteFactorId(material, method);
  return FACTOR_LIBRARY_BY_ID.has(id) ? id : undefined;
}
