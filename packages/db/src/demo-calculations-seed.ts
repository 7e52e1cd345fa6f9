import { createCalculationRepository } from './calculation-repository.ts';
import type { Database } from './create-database.ts';

/*
 * The demo realms' calculations (issue 13 item 2): a folder per scope, a published calculation with a passing
 * test, a draft, and a lookup dataset of heat contents (40 CFR 98 Table C-1). Nothing is bound: the seeded
 * results come from the built-in methods, and binding one is the administrator's step (then a recalculation).
 */

/** 40 CFR 98 subpart C, Equation C-1 with Tables C-1 and C-2: natural gas in scf, three gases. */
export const DEMO_NATURAL_GAS_FORMULA = [
  '// 40 CFR 98 subpart C, Equation C-1 (Tables C-1 and C-2)',
  "set :energy = :quantity * LOOKUP('natural gas', 'heat-contents', 'fuel', 'mmbtu_per_unit') // mmBtu",
  "EMIT('CO2', :energy * FACTOR('epa-c1-natural-gas', 'CO2'))",
  "EMIT('CH4', :energy * FACTOR('epa-c1-natural-gas', 'CH4'))",
  "EMIT('N2O', :energy * FACTOR('epa-c1-natural-gas', 'N2O'))",
].join('\n');

const HEAT_CONTENTS = [
  { fuel: 'natural gas', unit: 'scf', mmbtu_per_unit: 1.026e-3 },
  { fuel: 'distillate fuel oil no. 2', unit: 'gal', mmbtu_per_unit: 0.138 },
  { fuel: 'propane', unit: 'gal', mmbtu_per_unit: 0.091 },
];

/** eGRID2021 and eGRID2022 U.S. average CO2 output emission rates (lb/MWh), each in force from its data year. */
const EGRID_US_AVERAGE_CO2: readonly (readonly [string, number, string])[] = [
  ['2021-01-01', 852.3, 'egrid2021-us.csv'],
  ['2022-01-01', 823.1, 'egrid2022-us.csv'],
];

export async function seedDemoCalculations(db: Database, realmId: string): Promise<void> {
  const repository = createCalculationRepository(db);
  const dataset = await repository.insertDataset(realmId, {
    name: 'heat-contents',
    description: 'Default high heat values, 40 CFR 98 Table C-1',
  });
  await repository.insertDatasetVersion(realmId, dataset.id, {
    asOf: '2010-01-01',
    columns: ['fuel', 'unit', 'mmbtu_per_unit'],
    rows: HEAT_CONTENTS,
    fileName: 'table-c-1.csv',
    importedBy: null,
  });
  // Two dated versions, so the constants page shows a dataset's versions and which one a record's date takes.
  const grid = await repository.insertDataset(realmId, {
    name: 'egrid-us-average',
    description: 'U.S. EPA eGRID national average CO2 output emission rate, lb per MWh, by data year',
  });
  for (const [asOf, rate, fileName] of EGRID_US_AVERAGE_CO2) {
    await repository.insertDatasetVersion(realmId, grid.id, {
      asOf,
      columns: ['region', 'lb_co2_per_mwh'],
      rows: [{ region: 'US', lb_co2_per_mwh: rate }],
      fileName,
      importedBy: null,
    });
  }
  const scope1 = await repository.insertFolder(realmId, { name: 'Scope 1', parentId: null });
  const stationary = await repository.insertFolder(realmId, {
    name: 'Stationary combustion',
    parentId: scope1.id,
  });
  const scope3 = await repository.insertFolder(realmId, { name: 'Scope 3', parentId: null });

  const naturalGas = await repository.insertCalculation(realmId, {
    name: 'natural-gas-c1',
    folderId: stationary.id,
    description: 'Natural gas burned in boilers and heaters, by volume (EPA Equation C-1)',
  });
  await repository.insertTest(realmId, naturalGas.id, {
    name: 'One million scf',
    inputs: { quantity: 1_000_000 },
    expectedValue: null,
    // 1,026 mmBtu × 53.06 kg CO2, 1.0 g CH4 and 0.10 g N2O per mmBtu.
    expectedGases: { CO2: 54_439.56, CH4: 1.026, N2O: 0.1026 },
    tolerance: 1e-6,
  });
  const version = await repository.insertVersion(realmId, naturalGas.id, {
    formula: DEMO_NATURAL_GAS_FORMULA,
    parameters: [{ name: 'quantity', unit: 'scf', description: 'Natural gas burned' }],
    authorId: null,
  });
  await repository.publishVersion(realmId, version.id);

  const spend = await repository.insertCalculation(realmId, {
    name: 'purchased-goods-spend',
    folderId: scope3.id,
    description: 'Purchased goods by spend: USD × an EEIO factor in kg CO2e per USD (draft)',
  });
  await repository.insertVersion(realmId, spend.id, {
    formula: ':quantity * :kg_co2e_per_usd',
    parameters: [
      { name: 'quantity', unit: 'USD', description: 'Spend' },
      { name: 'kg_co2e_per_usd', unit: 'kg CO2e/USD', description: 'EEIO factor of the commodity' },
    ],
    authorId: null,
  });
}
