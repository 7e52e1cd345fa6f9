import { describe, expect, it } from 'vitest';
import { calculateItem } from './calculation/index.ts';
import { FACTOR_LIBRARY, FACTOR_LIBRARY_BY_ID, type EmissionFactor } from './factor-library.ts';
import { GWP_SETS, type GasId, type GwpSetId } from './gwp.ts';

function factor(id: string): EmissionFactor {
  const found = FACTOR_LIBRARY_BY_ID.get(id);
  if (found === undefined) throw new Error(`missing factor ${id}`);
  return found;
}

function idsStartingWith(prefix: string): string[] {
  return FACTOR_LIBRARY.filter((entry) => entry.id.startsWith(prefix)).map((entry) => entry.id);
}

/** Σ mass fraction × GWP: the GWP of one kg of a refrigerant factor in a set. */
function gwpOf(id: string, gwp: GwpSetId): number {
  return Object.entries(factor(id).gases).reduce(
    (sum, [gas, share]) => sum + share.value * GWP_SETS[gwp].values[gas as GasId],
    0,
  );
}

/** Within the rounding of a value printed with `decimals` decimals. */
function expectPrintedAs(published: number, exact: number, decimals: number, label: string) {
  expect(Math.abs(published - exact), label).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-9);
}

describe('factor library', () => {
  it('gives every factor a unique, stable id, a unique name, a cited source and a year', () => {
    expect(FACTOR_LIBRARY_BY_ID.size).toBe(FACTOR_LIBRARY.length);
    const names = new Set(FACTOR_LIBRARY.map((entry) => entry.name.toLowerCase()));
    // Imports accept a factor's exact name, so no two may share one.
    expect(names.size).toBe(FACTOR_LIBRARY.length);
    for (const entry of FACTOR_LIBRARY) {
      expect(entry.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(entry.name.length).toBeGreaterThan(0);
      // Every source names the table (standard, or DESNZ sheet) the value was read from.
      expect(entry.source, entry.id).toMatch(/Table|Standard 34|sheet/);
      expect(entry.year).toBeGreaterThanOrEqual(2021);
    }
    expect([...FACTOR_LIBRARY_BY_ID.keys()]).toEqual(
      expect.arrayContaining([
        'epa-c1-natural-gas',
        'epa-c1-distillate-fuel-oil-no-2',
        'epa-c1-propane',
        'epa-c1-motor-gasoline',
        'epa-c1-kerosene-type-jet-fuel',
        'epa-c1-bituminous-coal',
        'epa-c1-sub-bituminous-coal',
        'epa-hub-2024-natural-gas-scf',
        'epa-hub-2024-mobile-diesel-gal',
        'egrid-2022-us-average',
        'egrid-2022-camx',
        'desnz-2024-uk-electricity',
        'desnz-2024-natural-gas-gross-cv',
        'desnz-2023-uk-electricity',
        'desnz-2023-natural-gas-kwh-gross-cv',
      ]),
    );
  });

  it('calculates one unit of every factor on its own basis', () => {
    for (const entry of FACTOR_LIBRARY) {
      const calculation = calculateItem(
        { id: entry.id, quantity: 1, unit: entry.per, factor: { id: entry.id } },
        'AR5',
      );
      expect(calculation.ok, entry.id).toBe(true);
    }
  });

  it('holds the 40 CFR 98 Table C-1 and C-2 values of DOMAIN.md', () => {
    // fuel: [HHV, per, kg CO2/mmBtu, kg CH4/mmBtu, kg N2O/mmBtu]
    const table: [string, number, string, number, number, number][] = [
      ['natural-gas', 1.026e-3, 'scf', 53.06, 1.0e-3, 1.0e-4],
      ['distillate-fuel-oil-no-2', 0.138, 'gal', 73.96, 3.0e-3, 6.0e-4],
      ['propane', 0.091, 'gal', 62.87, 3.0e-3, 6.0e-4],
      ['motor-gasoline', 0.125, 'gal', 70.22, 3.0e-3, 6.0e-4],
      ['kerosene-type-jet-fuel', 0.135, 'gal', 72.22, 3.0e-3, 6.0e-4],
      ['bituminous-coal', 24.93, 'short_ton', 93.28, 1.1e-2, 1.6e-3],
      ['sub-bituminous-coal', 17.25, 'short_ton', 97.17, 1.1e-2, 1.6e-3],
    ];
    for (const [slug, hhv, per, co2, ch4, n2o] of table) {
      const entry = factor(`epa-c1-${slug}`);
      expect(entry.per).toBe('mmBtu');
      expect(entry.hhv).toEqual({ value: hhv, energy: 'mmBtu', per });
      expect(entry.gases).toEqual({
        CO2: { value: co2, unit: 'kg' },
        CH4: { value: ch4, unit: 'kg' },
        N2O: { value: n2o, unit: 'kg' },
      });
      expect(entry.scope).toBe(1);
      expect(entry.calorificBasis).toBe('gross');
    }
  });

  it('has every fuel of Table C-1, each with its Table C-2 row', () => {
    // Coal and coke 9, natural gas 1, petroleum products 31, other solid 4, other gaseous 4, biomass 4 + 2 + 4.
    expect(idsStartingWith('epa-c1-')).toHaveLength(59);
    expect(factor('epa-c1-blast-furnace-gas')).toMatchObject({
      hhv: { value: 0.092e-3, per: 'scf' },
      gases: { CO2: { value: 274.32 }, CH4: { value: 2.2e-5 }, N2O: { value: 1.0e-4 } },
    });
    expect(factor('epa-c1-municipal-solid-waste')).toMatchObject({
      hhv: { value: 9.95, per: 'short_ton' },
      gases: { CO2: { value: 90.7 }, CH4: { value: 3.2e-2 }, N2O: { value: 4.2e-3 } },
    });
    expect(factor('epa-c1-residual-fuel-oil-no-6')).toMatchObject({
      hhv: { value: 0.15, per: 'gal' },
      gases: { CO2: { value: 75.1 }, CH4: { value: 3.0e-3 } },
    });
    expect(factor('epa-c1-petroleum-coke').source).toContain('Table C-2 "Other Fuels—Solid"');
    expect(factor('epa-c1-petroleum-coke-gal').source).toContain('Table C-2 "Petroleum Products"');
  });

  it('keeps biomass CO2 as biogenic: its mass is reported, its CO2e stays out of the scope', () => {
    const wood = factor('epa-c1-wood-and-wood-residuals');
    expect(wood.gases).toEqual({
      CO2_biogenic: { value: 93.8, unit: 'kg' },
      CH4: { value: 7.2e-3, unit: 'kg' },
      N2O: { value: 3.6e-3, unit: 'kg' },
    });
    const calculation = calculateItem(
      { id: 'wood', quantity: 1, unit: 'short_ton', factor: { id: wood.id } },
      'AR5',
    );
    if (!calculation.ok) throw new Error('wood did not calculate');
    // 1 short ton × 17.48 mmBtu: 1,639.6 kg biogenic CO2; CO2e only from CH4 (0.1259 kg × 28) and N2O (0.0629 kg × 265).
    expect(calculation.result.gases.CO2_biogenic).toBeCloseTo(1639.624, 6);
    expect(calculation.result.co2e).toBeCloseTo(17.48 * (7.2e-3 * 28 + 3.6e-3 * 265), 9);
    // Peat's CO2 counts as fossil (IPCC 2006 Guidelines), whatever list Table C-1 puts it in.
    expect(factor('epa-c1-peat').gases.CO2).toEqual({ value: 111.84, unit: 'kg' });
  });

  it('agrees with subpart C: each Hub Table 1 per-unit value is HHV × factor per mmBtu, rounded as printed', () => {
    const hubIds = FACTOR_LIBRARY.filter(
      (entry) => entry.source.includes('Table 1 (stationary') && entry.per !== 'mmBtu',
    ).map((entry) => entry.id);
    // Every fuel Table 1 prices per unit (the kraft pulping liquors it gives per mmBtu only are not among them).
    expect(hubIds.length).toBe(58);
    for (const hubId of hubIds) {
      const hub = factor(hubId);
      const subpartCId = hubId.replace('epa-hub-2024-', 'epa-c1-').replace(/-(gal|short-ton|scf)$/, '');
      const subpartC = factor(subpartCId);
      expect(hub.hhv?.value, hubId).toBe(subpartC.hhv?.value);
      // Printed precision: per short ton whole numbers, per gallon two decimals, per scf five, or more where a
      // value is printed with more (the six of blast furnace gas and the biomass gases).
      const tableDecimals = hub.per === 'short_ton' ? 0 : hub.per === 'gal' ? 2 : 5;
      const decimalsOf = (value: number | undefined) =>
        Math.max(tableDecimals, String(value ?? '').split('.')[1]?.length ?? 0);
      const hhv = subpartC.hhv?.value ?? 0;
      const co2Gas = hub.gases.CO2_biogenic === undefined ? 'CO2' : 'CO2_biogenic';
      expectPrintedAs(
        hub.gases[co2Gas]?.value ?? NaN,
        hhv * (subpartC.gases[co2Gas]?.value ?? NaN),
        decimalsOf(hub.gases[co2Gas]?.value),
        `${hubId} CO2`,
      );
      // CH4 and N2O: Table C-2 kg/mmBtu × 1000 g/kg × HHV.
      for (const gas of ['CH4', 'N2O'] as const) {
        expect(hub.gases[gas]?.unit).toBe('g');
        expectPrintedAs(
          hub.gases[gas]?.value ?? NaN,
          hhv * 1000 * (subpartC.gases[gas]?.value ?? NaN),
          decimalsOf(hub.gases[gas]?.value),
          `${hubId} ${gas}`,
        );
      }
    }
  });

  it('agrees with subpart C: Hub Table 2 mobile CO2 per gallon is HHV × kg CO2/mmBtu', () => {
    const pairs: [string, string][] = [
      ['diesel-gal', 'distillate-fuel-oil-no-2'],
      ['motor-gasoline-gal', 'motor-gasoline'],
      ['aviation-gasoline-gal', 'aviation-gasoline'],
      ['kerosene-type-jet-fuel-gal', 'kerosene-type-jet-fuel'],
      ['lpg-gal', 'liquefied-petroleum-gases'],
      ['residual-fuel-oil-gal', 'residual-fuel-oil-no-6'],
      ['biodiesel-gal', 'biodiesel'],
      ['ethanol-gal', 'ethanol'],
    ];
    for (const [mobileSlug, subpartCSlug] of pairs) {
      const mobile = factor(`epa-hub-2024-mobile-${mobileSlug}`);
      const subpartC = factor(`epa-c1-${subpartCSlug}`);
      const [gas, published] = Object.entries(mobile.gases)[0] ?? [];
      expect(Object.keys(mobile.gases)).toHaveLength(1);
      expectPrintedAs(
        published?.value ?? NaN,
        (subpartC.hhv?.value ?? 0) * (subpartC.gases[gas as GasId]?.value ?? NaN),
        2,
        mobileSlug,
      );
    }
    expect(factor('epa-hub-2024-mobile-cng-scf').gases).toEqual({ CO2: { value: 0.05444, unit: 'kg' } });
    expect(factor('epa-hub-2024-mobile-lng-gal').gases).toEqual({ CO2: { value: 4.5, unit: 'kg' } });
  });

  it('prices purchased steam and heat as Hub Table 7: a natural gas boiler at 80 % efficiency', () => {
    const steam = factor('epa-hub-2024-steam-and-heat');
    expect(steam).toMatchObject({ per: 'mmBtu', scope: 2 });
    expectPrintedAs(steam.gases.CO2?.value ?? NaN, 53.06 / 0.8, 2, 'CO2');
    expect(steam.gases.CH4).toEqual({ value: 1.25, unit: 'g' });
    expect(steam.gases.N2O).toEqual({ value: 0.125, unit: 'g' });
  });

  it('keeps eGRID2022 rates of every subregion in the published lb/MWh, as Scope 2 grid averages', () => {
    const subregions = idsStartingWith('egrid-2022-').map((id) => id.slice('egrid-2022-'.length));
    expect(subregions.sort()).toEqual(
      [
        'us-average',
        ...'akgd akms aznm camx erct frcc hims hioa mroe mrow newe nwpp nycw nyli nyup prms rfce rfcm rfcw rmpa spno spso srmv srmw srso srtv srvc'.split(
          ' ',
        ),
      ].sort(),
    );
    for (const id of idsStartingWith('egrid-2022-')) {
      expect(factor(id)).toMatchObject({
        per: 'MWh',
        year: 2022,
        scope: 2,
        electricityBasis: 'grid-average',
      });
      for (const gas of Object.values(factor(id).gases)) expect(gas.unit).toBe('lb');
    }
    expect(factor('egrid-2022-us-average').gases).toEqual({
      CO2: { value: 823.1, unit: 'lb' },
      CH4: { value: 0.066, unit: 'lb' },
      N2O: { value: 0.009, unit: 'lb' },
    });
    expect(factor('egrid-2022-rfcw').name).toBe('eGRID subregion RFCW (RFC West) electricity');
    // Copied from the Hub 2024 workbook, sheet "Emission Factors Hub", Table 6 total output rates as displayed:
    // row 338 FRCC 813.8 / 0.048 / 0.006, row 351 RFCW 1,000.1 / 0.087 / 0.012, row 355 SRMV 801.0 / 0.040 /
    // 0.006 lb per MWh.
    const lbPerMwh = (co2: number, ch4: number, n2o: number) => ({
      CO2: { value: co2, unit: 'lb' },
      CH4: { value: ch4, unit: 'lb' },
      N2O: { value: n2o, unit: 'lb' },
    });
    expect(factor('egrid-2022-frcc').gases).toEqual(lbPerMwh(813.8, 0.048, 0.006));
    expect(factor('egrid-2022-rfcw').gases).toEqual(lbPerMwh(1000.1, 0.087, 0.012));
    expect(factor('egrid-2022-srmv').gases).toEqual(lbPerMwh(801, 0.04, 0.006));
  });

  it('models the DESNZ factors as published CO2e on AR5, with no per-gas masses', () => {
    expect(factor('desnz-2024-uk-electricity')).toMatchObject({
      per: 'kWh',
      gases: {},
      co2e: { value: 0.20705, unit: 'kg', gwp: 'AR5' },
      scope: 2,
    });
    expect(factor('desnz-2024-natural-gas-gross-cv')).toMatchObject({
      per: 'kWh',
      co2e: { value: 0.1829, unit: 'kg', gwp: 'AR5' },
      calorificBasis: 'gross',
      scope: 1,
    });
  });

  it('holds the EPA GHG Emission Factors Hub 2024 values as its workbook shows them', () => {
    // Numbers copied from ghg-emission-factors-hub-2024.xlsx, sheet "Emission Factors Hub" (row numbers of that
    // sheet), as displayed: Table 1 per short ton, scf or gallon; Tables 3 and 4 g per vehicle-mile; Table 5 g
    // per gallon.
    const copied: [id: string, gases: Record<string, [number, 'kg' | 'g']>][] = [
      // Table 1 row 31, Plastics: 2,850 kg CO2, 1,216 g CH4, 160 g N2O per short ton.
      ['epa-hub-2024-plastics-short-ton', { CO2: [2850, 'kg'], CH4: [1216, 'g'], N2O: [160, 'g'] }],
      // Table 1 row 47, Landfill Gas (biomass): 0.025254 kg CO2, 0.001552 g CH4, 0.000306 g N2O per scf.
      [
        'epa-hub-2024-landfill-gas-scf',
        { CO2_biogenic: [0.025254, 'kg'], CH4: [0.001552, 'g'], N2O: [0.000306, 'g'] },
      ],
      // Table 1 row 87, Kraft Pulping Liquor, North American Softwood: 94.4 kg CO2 (biomass), 1.9 g CH4, 0.42 g
      // N2O per mmBtu.
      [
        'epa-hub-2024-kraft-pulping-liquor-north-american-softwood',
        { CO2_biogenic: [94.4, 'kg'], CH4: [1.9, 'g'], N2O: [0.42, 'g'] },
      ],
      // Table 1 row 55, Crude Oil: 10.29 kg CO2, 0.41 g CH4, 0.08 g N2O per gallon.
      ['epa-hub-2024-crude-oil-gal', { CO2: [10.29, 'kg'], CH4: [0.41, 'g'], N2O: [0.08, 'g'] }],
      // Table 3 row 125, Gasoline Passenger Cars, 1973-1974: 0.1696 g CH4, 0.0197 g N2O per vehicle-mile.
      ['epa-hub-2024-vehicle-gasoline-passenger-cars-1973-1974', { CH4: [0.1696, 'g'], N2O: [0.0197, 'g'] }],
      // Table 3 row 201, Gasoline Light-Duty Trucks, 2021: 0.0079 g CH4 (0.00785 in the cell), 0.0012 g N2O.
      ['epa-hub-2024-vehicle-gasoline-light-duty-trucks-2021', { CH4: [0.0079, 'g'], N2O: [0.0012, 'g'] }],
      // Table 3 row 202, Gasoline Heavy-Duty Vehicles, ≤1980: 0.4604 g CH4, 0.0497 g N2O.
      [
        'epa-hub-2024-vehicle-gasoline-heavy-duty-vehicles-up-to-1980',
        { CH4: [0.4604, 'g'], N2O: [0.0497, 'g'] },
      ],
      // Table 4 row 250, Medium- and Heavy-Duty Vehicles, Diesel, 2007-2021: 0.0095 g CH4, 0.0431 g N2O.
      [
        'epa-hub-2024-vehicle-medium-and-heavy-duty-vehicles-diesel-2007-2021',
        { CH4: [0.0095, 'g'], N2O: [0.0431, 'g'] },
      ],
      // Table 4 row 273, Buses, CNG: 2.753 g CH4, 0.017 g N2O per vehicle-mile.
      ['epa-hub-2024-vehicle-buses-cng', { CH4: [2.753, 'g'], N2O: [0.017, 'g'] }],
      // Table 5 row 288, Locomotives, Diesel: 0.80 g CH4, 0.26 g N2O per gallon.
      ['epa-hub-2024-non-road-locomotives-diesel', { CH4: [0.8, 'g'], N2O: [0.26, 'g'] }],
      // Table 5 row 303, Lawn and Garden Equipment, Gasoline (2 stroke): 7.29 g CH4, 0.31 g N2O per gallon.
      [
        'epa-hub-2024-non-road-lawn-and-garden-equipment-gasoline-2-stroke',
        { CH4: [7.29, 'g'], N2O: [0.31, 'g'] },
      ],
    ];
    for (const [id, gases] of copied) {
      expect(factor(id).gases, id).toEqual(
        Object.fromEntries(Object.entries(gases).map(([gas, [value, unit]]) => [gas, { value, unit }])),
      );
    }
    expect(factor('epa-hub-2024-plastics-short-ton').hhv).toEqual({
      value: 38,
      energy: 'mmBtu',
      per: 'short_ton',
    });
    expect(factor('epa-hub-2024-vehicle-buses-cng')).toMatchObject({ per: 'mi', scope: 1, year: 2024 });
    expect(factor('epa-hub-2024-vehicle-buses-cng').source).toBe(
      'U.S. EPA, GHG Emission Factors Hub 2024, Table 4 (mobile combustion CH4 and N2O, on-road diesel and alternative fuel vehicles), "Buses", "CNG"',
    );
    expect(idsStartingWith('epa-hub-2024-kraft-pulping-liquor-')).toHaveLength(5);
    // Every row of Tables 3 (112: gasoline cars, light-duty trucks, heavy-duty vehicles by model year and
    // motorcycles), 4 (34) and 5 (40).
    expect(FACTOR_LIBRARY.filter((entry) => entry.source.includes(', Table 3 (')).length).toBe(112);
    expect(FACTOR_LIBRARY.filter((entry) => entry.source.includes(', Table 4 (')).length).toBe(34);
    expect(FACTOR_LIBRARY.filter((entry) => entry.source.includes(', Table 5 (')).length).toBe(40);

    // 10,000 miles of a 2015 diesel truck: 0.095 kg CH4 and 0.431 kg N2O, 116.875 kg CO2e on AR5.
    const truck = calculateItem(
      {
        id: 'truck',
        quantity: 10_000,
        unit: 'mi',
        factor: { id: 'epa-hub-2024-vehicle-medium-and-heavy-duty-vehicles-diesel-2007-2021' },
      },
      'AR5',
    );
    if (!truck.ok) throw new Error('the truck did not calculate');
    expect(truck.result.gases.CH4).toBeCloseTo(0.095, 12);
    expect(truck.result.gases.N2O).toBeCloseTo(0.431, 12);
    expect(truck.result.co2e).toBeCloseTo(0.095 * 28 + 0.431 * 265, 9);
  });

  it('holds the UK DESNZ 2023 fuels and electricity as the flat file shows them', () => {
    // Numbers copied from ghg-conversion-factors-2023-flat-file-update.xlsx (version 1.1), sheet "Factors by
    // Category", column "GHG Conversion Factor 2023" of the "kg CO2e" rows, as displayed (5 decimals).
    const copied: [id: string, flatFileId: string, per: string, kgCo2e: number][] = [
      ['desnz-2023-diesel-average-biofuel-blend-litres', '1_101_1011_8_1', 'L', 2.51206],
      ['desnz-2023-diesel-100-mineral-diesel-litres', '1_101_1012_8_1', 'L', 2.65937],
      ['desnz-2023-natural-gas-kwh-gross-cv', '1_100_1004_6_1', 'kWh', 0.18293],
      ['desnz-2023-natural-gas-cubic-metres', '1_100_1004_1_1', 'm3', 2.03839],
      ['desnz-2023-lpg-litres', '1_100_1003_8_1', 'L', 1.55713],
      ['desnz-2023-coal-industrial-tonnes', '1_102_1025_15_1', 't', 2396.47994],
      ['desnz-2023-uk-electricity', '7_400_4000_5_1', 'kWh', 0.20707],
      ['desnz-2023-uk-electricity-t-and-d', '13_402_4000_5_1', 'kWh', 0.01792],
    ];
    for (const [id, flatFileId, per, kgCo2e] of copied) {
      expect(factor(id), id).toMatchObject({
        per,
        year: 2023,
        gases: {},
        co2e: { value: kgCo2e, unit: 'kg', gwp: 'AR5' },
      });
      expect(factor(id).source, id).toContain(`ID ${flatFileId}`);
    }
    expect(factor('desnz-2023-natural-gas-kwh-gross-cv')).toMatchObject({
      calorificBasis: 'gross',
      scope: 1,
    });
    expect(factor('desnz-2023-uk-electricity')).toMatchObject({ scope: 2, electricityBasis: 'grid-average' });
    expect(factor('desnz-2023-uk-electricity-t-and-d')).toMatchObject({ scope: 3, category: 3 });
    // 8 gaseous, 17 liquid and 6 solid fuels in every unit the file gives them in, and the two electricity rows.
    expect(idsStartingWith('desnz-2023-')).toHaveLength(88);

    // 1,000 litres of forecourt diesel: 2,512.06 kg CO2e, on the AR5 set DESNZ computed it with.
    const diesel = calculateItem(
      {
        id: 'diesel',
        quantity: 1000,
        unit: 'L',
        factor: { id: 'desnz-2023-diesel-average-biofuel-blend-litres' },
      },
      'AR5',
    );
    if (!diesel.ok) throw new Error('diesel did not calculate');
    expect(diesel.result.co2e).toBeCloseTo(2512.06, 9);
  });

  it('computes refrigerant blend GWPs from their components by mass fraction', () => {
    for (const id of idsStartingWith('fgas-r-')) {
      const total = Object.values(factor(id).gases).reduce((sum, share) => sum + share.value, 0);
      expect(total, id).toBeCloseTo(1, 12);
      expect(factor(id)).toMatchObject({ per: 'kg', scope: 1 });
    }
    // Published blend GWPs (AR4 as in the GHG Protocol and EPA lists, AR5 as in DESNZ and 40 CFR 98 Table A-1).
    expect(Math.round(gwpOf('fgas-r-404a', 'AR4'))).toBe(3922);
    expect(Math.round(gwpOf('fgas-r-404a', 'AR5'))).toBe(3943);
    expect(Math.round(gwpOf('fgas-r-410a', 'AR4'))).toBe(2088);
    expect(Math.round(gwpOf('fgas-r-410a', 'AR5'))).toBe(1924);
    expect(Math.round(gwpOf('fgas-r-407c', 'AR4'))).toBe(1774);
    expect(Math.round(gwpOf('fgas-r-407c', 'AR5'))).toBe(1624);
    expect(Math.round(gwpOf('fgas-r-507a', 'AR4'))).toBe(3985);
    expect(Math.round(gwpOf('fgas-r-508b', 'AR4'))).toBe(13396);
    // 10 kg of R-410A topped up, reported on AR6: 5 kg HFC-32 × 771 + 5 kg HFC-125 × 3,740 = 22,555 kg CO2e.
    const topUp = calculateItem(
      { id: 'top-up', quantity: 10, unit: 'kg', factor: { id: 'fgas-r-410a' } },
      'AR6',
    );
    if (!topUp.ok) throw new Error('R-410A did not calculate');
    expect(topUp.result.gases).toEqual({ 'HFC-32': 5, 'HFC-125': 5 });
    expect(topUp.result.co2e).toBeCloseTo(22_555, 9);
  });

  it('lists every fluorinated gas of the GWP sets as a factor of its own', () => {
    const fluorinated = Object.keys(GWP_SETS.AR5.values).filter((gas) => /^(HFC|PFC|SF6|NF3)/.test(gas));
    for (const gas of fluorinated) {
      expect(factor(`fgas-${gas.toLowerCase()}`).gases, gas).toEqual({ [gas]: { value: 1, unit: 'kg' } });
    }
  });

  it('cannot be changed at run time', () => {
    const entry = factor('epa-c1-natural-gas');
    expect(Object.isFrozen(entry) && Object.isFrozen(entry.gases) && Object.isFrozen(entry.gases.CO2)).toBe(
      true,
    );
    expect(Object.isFrozen(FACTOR_LIBRARY)).toBe(true);
  });
});
