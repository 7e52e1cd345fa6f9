import { describe, expect, it } from 'vitest';
import { compileFormula } from './compile-formula.ts';
import {
  calculateManyWithBoundCalculation,
  calculateWithBoundCalculation,
  createDatedDatasets,
  recordCalculationParameters,
  recordParameterReaders,
  type CalculableActivityRecord,
} from './record-calculation.ts';

const RECORD: CalculableActivityRecord = {
  quantity: 1000,
  unit: 'scf',
  activityType: 'boiler-gas',
  scope: 2,
  scope3Category: null,
  periodStart: '2024-03-01',
  periodEnd: '2024-03-31',
  factorKey: 'epa-c1-natural-gas',
  attributes: { quantity: 'shadowed', capacity_kw: 250, nested: { not: 'a value' } },
};

describe('recordCalculationParameters', () => {
  it("gives a record's fields under fixed names, and its equipment's plain attributes unless a field has the name", () => {
    const parameters = recordCalculationParameters(RECORD);
    expect(parameters.quantity).toBe(1000);
    expect(parameters.capacity_kw).toBe(250);
    expect(Object.hasOwn(parameters, 'nested')).toBe(false);
    expect(parameters.period_start).toBe('2024-03-01');
    expect(parameters.activity_type).toBe('boiler-gas');
  });

  it('gives the values the engine reads, name by name', () => {
    const names = ['quantity', 'unit', 'scope', 'scope3_category', 'period_end', 'factor_key', 'capacity_kw'];
    const parameters = recordCalculationParameters(RECORD);
    expect(recordParameterReaders(names).map((read) => read(RECORD))).toEqual(
      names.map((name) => parameters[name]),
    );
  });
});

describe('recordParameterReaders', () => {
  it("reads a record's fields under fixed names, and its equipment's plain attributes unless a field has the name", () => {
    const names = [
      'quantity',
      'capacity_kw',
      'nested',
      'period_start',
      'activity_type',
      'missing',
      'constructor',
    ];
    const values = recordParameterReaders(names).map((read) => read(RECORD));
    expect(values).toEqual([1000, 250, undefined, '2024-03-01', 'boiler-gas', undefined, undefined]);
  });

  it('reads an attribute named __proto__ as any other', () => {
    const attributes = JSON.parse('{"__proto__": 7}') as Record<string, unknown>;
    const [read] = recordParameterReaders(['__proto__']);
    expect(read?.({ ...RECORD, attributes })).toBe(7);
  });
});

describe('calculateWithBoundCalculation', () => {
  const bound = (formula: string) => {
    const compiled = compileFormula(formula, { gwp: 'AR5' });
    if (!compiled.calculation) throw new Error(compiled.errors[0]?.message);
    return { versionId: 'v1', name: 'flat', number: 3, calculation: compiled.calculation };
  };

  it('answers one row naming the version, Scope 2 as its location-based figure', () => {
    const outcome = calculateWithBoundCalculation(RECORD, bound(':quantity * 2 + :capacity_kw'));
    expect(outcome).toEqual({
      ok: true,
      rows: [
        expect.objectContaining({
          scope2Method: 'location',
          co2eKg: 2250,
          gases: {},
          factorVersion: 'flat v3',
          calculationMethodId: 'calculation:v1',
        }),
      ],
    });
  });

  it("refuses a record the formula cannot run on, naming the calculation and the formula's place", () => {
    const outcome = calculateWithBoundCalculation(RECORD, bound('set :x = 1\n:quantity / (:x - 1)'));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors[0]?.message).toMatch(
      /^Calculation 'flat' version 3, line 2, column \d+: Division by zero/,
    );
  });
});

describe('createDatedDatasets', () => {
  const datasets = createDatedDatasets(
    new Map([
      [
        'grid',
        [
          { asOf: '2023-01-01', columns: ['region', 'kg'], rows: [{ region: 'north', kg: 0.5 }] },
          { asOf: '2024-01-01', columns: ['region', 'kg'], rows: [{ region: 'north', kg: 0.4 }] },
        ],
      ],
    ]),
  );

  it("reads the version in force on the record's date, and no row before the first version", () => {
    const grid = datasets.get('grid')!;
    datasets.setDate('2023-06-30');
    expect(grid.lookup('region', 'north', 'kg')).toBe(0.5);
    datasets.setDate('2024-01-01');
    expect(grid.lookup('region', 'north', 'kg')).toBe(0.4);
    datasets.setDate('2022-12-31');
    expect(grid.lookup('region', 'north', 'kg')).toBeUndefined();
  });

  it("lets a formula compiled once LOOKUP through it, each run on its record's date", () => {
    const compiled = compileFormula(":quantity * LOOKUP('north', 'grid', 'region', 'kg')", {
      gwp: 'AR5',
      datasets,
    });
    datasets.setDate('2023-05-01');
    expect(compiled.calculation?.evaluate({ quantity: 10 })).toMatchObject({ isSuccess: true, value: 5 });
    datasets.setDate('2024-05-01');
    expect(compiled.calculation?.evaluate({ quantity: 10 })).toMatchObject({ isSuccess: true, value: 4 });
    const wrong = compileFormula("LOOKUP('north', 'grid', 'region', 'tonnes')", { gwp: 'AR5', datasets });
    expect(wrong.errors[0]?.message).toBe(
      "Dataset 'grid' has no column 'tonnes': its columns are region, kg",
    );
  });
});

describe('calculateManyWithBoundCalculation', () => {
  it("answers each record as calculateWithBoundCalculation does: rows, gases and each error's line", () => {
    const formulas = [
      "EMIT('CO2', :quantity * 0.05)\nEMIT('CH4', :quantity / :capacity_kw)",
      ':quantity * 2 + IF(:scope = 2, 1, 0)',
      "IF(:unit = 'scf', :quantity * 2, 0)",
    ];
    const records: CalculableActivityRecord[] = [
      RECORD,
      { ...RECORD, quantity: 2000, scope: 1, attributes: { capacity_kw: 0 } },
      { ...RECORD, quantity: 3000, attributes: { capacity_kw: 'many' } },
      { ...RECORD, quantity: 4000, unit: 'therm', attributes: undefined },
    ];
    for (const formula of formulas) {
      const compiled = compileFormula(formula, { gwp: 'AR5' });
      if (compiled.calculation === undefined) throw new Error(JSON.stringify(compiled.errors));
      const bound = { versionId: 'v1', name: 'many', number: 1, calculation: compiled.calculation };
      // One object refilled for every index, as the recalculation passes its records.
      const shared = { ...RECORD };
      const many: unknown[] = [];
      calculateManyWithBoundCalculation(
        bound,
        records.length,
        (index) => Object.assign(shared, records[index]),
        (index, outcome) => many.push([index, outcome]),
      );
      expect(many).toEqual(
        records.map((record, index) => [index, calculateWithBoundCalculation(record, bound)]),
      );
    }
  });
});
