import type { GasId } from '../gwp.ts';
import { freezeFactor, type EmissionFactor, type GasFactor } from './emission-factor.ts';

/**
 * Refrigerants and other fluorinated gases, per kg released (a top-up that replaces a leak, a charge lost at
 * disposal): each factor holds the mass of every component gas in one kg, and the engine applies the GWP-100 of
 * the set the realm reports with (gwp.ts: AR4 WG1 Table 2.14, AR5 WG1 Table 8.A.1, AR6 WG1 Table 7.SM.7). So a
 * blend's GWP is computed from its components by mass fraction, in every set, and never copied from a list.
 */

const IPCC_SOURCE =
  'IPCC GWP-100 of the realm’s set (AR4 WG1 Table 2.14, AR5 WG1 Table 8.A.1, AR6 WG1 Table 7.SM.7)';
const IPCC_YEAR = 2021;
const ASHRAE_SOURCE = 'ASHRAE Standard 34-2022, refrigerant designation and composition by mass';
const ASHRAE_YEAR = 2022;

interface PureGasRow {
  readonly gas: GasId;
  /** Refrigerant number and formula, e.g. `R-134a, CH2FCF3`. */
  readonly aliases: string;
  readonly isRefrigerant: boolean;
}

// prettier-ignore
const PURE_GASES: readonly PureGasRow[] = [
  { gas: 'HFC-23', aliases: 'R-23, CHF3', isRefrigerant: true },
  { gas: 'HFC-32', aliases: 'R-32, CH2F2', isRefrigerant: true },
  { gas: 'HFC-125', aliases: 'R-125, CHF2CF3', isRefrigerant: true },
  { gas: 'HFC-134a', aliases: 'R-134a, CH2FCF3', isRefrigerant: true },
  { gas: 'HFC-143a', aliases: 'R-143a, CH3CF3', isRefrigerant: true },
  { gas: 'HFC-152a', aliases: 'R-152a, CH3CHF2', isRefrigerant: true },
  { gas: 'HFC-227ea', aliases: 'R-227ea, CF3CHFCF3', isRefrigerant: true },
  { gas: 'HFC-236fa', aliases: 'R-236fa, CF3CH2CF3', isRefrigerant: true },
  { gas: 'HFC-245fa', aliases: 'R-245fa, CHF2CH2CF3', isRefrigerant: true },
  { gas: 'HFC-365mfc', aliases: 'CH3CF2CH2CF3', isRefrigerant: false },
  { gas: 'HFC-43-10mee', aliases: 'CF3CHFCHFCF2CF3', isRefrigerant: false },
  { gas: 'PFC-14', aliases: 'R-14, CF4, tetrafluoromethane', isRefrigerant: false },
  { gas: 'PFC-116', aliases: 'R-116, C2F6, hexafluoroethane', isRefrigerant: false },
  { gas: 'PFC-218', aliases: 'R-218, C3F8, octafluoropropane', isRefrigerant: false },
  { gas: 'PFC-318', aliases: 'R-C318, c-C4F8, octafluorocyclobutane', isRefrigerant: false },
  { gas: 'PFC-3-1-10', aliases: 'C4F10, perfluorobutane', isRefrigerant: false },
  { gas: 'PFC-4-1-12', aliases: 'C5F12, perfluoropentane', isRefrigerant: false },
  { gas: 'PFC-5-1-14', aliases: 'C6F14, perfluorohexane', isRefrigerant: false },
  { gas: 'PFC-9-1-18', aliases: 'C10F18, perfluorodecalin', isRefrigerant: false },
  { gas: 'SF6', aliases: 'sulfur hexafluoride', isRefrigerant: false },
  { gas: 'NF3', aliases: 'nitrogen trifluoride', isRefrigerant: false },
];

interface BlendRow {
  /** ASHRAE 34 designation, e.g. `R-410A`. */
  readonly designation: string;
  /** Mass percentages of the components, adding up to 100. */
  readonly components: readonly (readonly [GasId, number])[];
}

// prettier-ignore
const BLENDS: readonly BlendRow[] = [
  { designation: 'R-404A', components: [['HFC-125', 44], ['HFC-143a', 52], ['HFC-134a', 4]] },
  { designation: 'R-407A', components: [['HFC-32', 20], ['HFC-125', 40], ['HFC-134a', 40]] },
  { designation: 'R-407B', components: [['HFC-32', 10], ['HFC-125', 70], ['HFC-134a', 20]] },
  { designation: 'R-407C', components: [['HFC-32', 23], ['HFC-125', 25], ['HFC-134a', 52]] },
  { designation: 'R-407D', components: [['HFC-32', 15], ['HFC-125', 15], ['HFC-134a', 70]] },
  { designation: 'R-407F', components: [['HFC-32', 30], ['HFC-125', 30], ['HFC-134a', 40]] },
  { designation: 'R-410A', components: [['HFC-32', 50], ['HFC-125', 50]] },
  { designation: 'R-410B', components: [['HFC-32', 45], ['HFC-125', 55]] },
  { designation: 'R-507A', components: [['HFC-125', 50], ['HFC-143a', 50]] },
  { designation: 'R-508A', components: [['HFC-23', 39], ['PFC-116', 61]] },
  { designation: 'R-508B', components: [['HFC-23', 46], ['PFC-116', 54]] },
];

function slugOf(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

function pureGasFactor(row: PureGasRow): EmissionFactor {
  return freezeFactor({
    id: `fgas-${slugOf(row.gas)}`,
    name: `${row.gas} (${row.aliases}) released, per kg`,
    source: row.isRefrigerant ? `${ASHRAE_SOURCE}; ${IPCC_SOURCE}` : IPCC_SOURCE,
    year: row.isRefrigerant ? ASHRAE_YEAR : IPCC_YEAR,
    per: 'kg',
    gases: { [row.gas]: { value: 1, unit: 'kg' } },
    scope: 1,
  });
}

function blendFactor(row: BlendRow): EmissionFactor {
  const gases: Partial<Record<GasId, GasFactor>> = {};
  for (const [gas, percent] of row.components) gases[gas] = { value: percent / 100, unit: 'kg' };
  const composition = row.components.map(([gas, percent]) => `${gas} ${percent} %`).join(', ');
  return freezeFactor({
    id: `fgas-${slugOf(row.designation)}`,
    name: `${row.designation} refrigerant blend (${composition}) released, per kg`,
    source: `${ASHRAE_SOURCE} ("${row.designation}"); ${IPCC_SOURCE}`,
    year: ASHRAE_YEAR,
    per: 'kg',
    gases,
    scope: 1,
  });
}

export const FLUORINATED_GAS_FACTORS: readonly EmissionFactor[] = [
  ...PURE_GASES.map(pureGasFactor),
  ...BLENDS.map(blendFactor),
];
