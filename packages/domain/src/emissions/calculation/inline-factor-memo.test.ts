import { describe, expect, it } from 'vitest';
import { matchesSnapshot, snapshotInlineFactor } from './inline-factor-memo.ts';

// The memo lets one calculator reuse the conversion plan of an inline factor repeated across items. A match that
// should not be costs a wrong result; a miss that should not be costs the reuse. Both directions are checked.
const combustion = () => ({
  per: 'mmBtu',
  scope: 1,
  category: undefined,
  calorificBasis: 'gross',
  // Not in the canonical order: the snapshot sorts the gases so the triple is still recognised.
  gases: {
    N2O: { value: 0.0006, unit: 'kg' },
    CO2: { value: 73.96, unit: 'kg' },
    CH4: { value: 0.003, unit: 'kg' },
  },
  hhv: { value: 0.138, energy: 'mmBtu', per: 'gal' },
});
const publishedCo2e = () => ({
  per: 'kWh',
  scope: 2,
  electricityBasis: 'grid-average',
  co2e: { value: 0.2, unit: 'kg', gwp: 'AR5' },
});
const twoGases = () => ({
  per: 'kg',
  scope: 3,
  category: 1,
  gases: { 'HFC-134a': { value: 1, unit: 'kg' }, CO2: { value: 2, unit: 't' } },
});

type Factor = Record<string, unknown>;
const changes: Record<string, [() => Factor, (factor: Factor) => void][]> = {
  'the per unit, scope, category or bases': [
    [combustion, (factor) => (factor.per = 'GJ')],
    [combustion, (factor) => (factor.scope = 3)],
    [twoGases, (factor) => (factor.category = 2)],
    [publishedCo2e, (factor) => (factor.electricityBasis = 'residual-mix')],
    [combustion, (factor) => (factor.calorificBasis = 'net')],
  ],
  'the published CO2e': [
    [publishedCo2e, (factor) => (factor.co2e = undefined)],
    [publishedCo2e, (factor) => (factor.co2e = 'a lot')],
    [publishedCo2e, (factor) => ((factor.co2e as Factor).value = 0.3)],
    [publishedCo2e, (factor) => ((factor.co2e as Factor).unit = 't')],
    [publishedCo2e, (factor) => ((factor.co2e as Factor).gwp = 'AR6')],
    [twoGases, (factor) => (factor.co2e = { value: 1, unit: 'kg', gwp: 'AR5' })],
  ],
  'the heat content': [
    [combustion, (factor) => (factor.hhv = undefined)],
    [combustion, (factor) => (factor.hhv = 0.138)],
    [combustion, (factor) => ((factor.hhv as Factor).value = 0.14)],
    [combustion, (factor) => ((factor.hhv as Factor).energy = 'MJ')],
    [combustion, (factor) => ((factor.hhv as Factor).per = 'L')],
    [twoGases, (factor) => (factor.hhv = { value: 40, energy: 'MJ', per: 'kg' })],
  ],
  'the gases': [
    [combustion, (factor) => ((factor.gases as Factor).CO2 = { value: 74, unit: 'kg' })],
    [combustion, (factor) => ((factor.gases as Factor).CH4 = { value: 0.003, unit: 'g' })],
    [combustion, (factor) => ((factor.gases as Factor).N2O = { value: 0.0007, unit: 'kg' })],
    [combustion, (factor) => ((factor.gases as Factor).N2O = 0.0006)],
    [combustion, (factor) => delete (factor.gases as Factor).CH4],
    [combustion, (factor) => ((factor.gases as Factor).SF6 = { value: 1, unit: 'kg' })],
    [combustion, (factor) => (factor.gases = 'CO2')],
    [twoGases, (factor) => ((factor.gases as Factor).CO2 = { value: 2, unit: 'kg' })],
    [twoGases, (factor) => ((factor.gases as Factor)['HFC-134a'] = { value: 1.5, unit: 'kg' })],
    [twoGases, (factor) => (factor.gases = { CO2: { value: 2, unit: 't' }, CH4: { value: 1, unit: 'kg' } })],
    [twoGases, (factor) => (factor.gases = undefined)],
    [publishedCo2e, (factor) => (factor.gases = { CO2: { value: 1, unit: 'kg' } })],
  ],
};

describe('the memo of an inline factor', () => {
  it('snapshots the gases in the canonical order, values and units beside their names', () => {
    expect(snapshotInlineFactor(combustion())).toMatchObject({
      isCombustionTriple: true,
      gasNames: ['CO2', 'CH4', 'N2O'],
      gasValues: [73.96, 0.003, 0.0006],
      gasUnits: ['kg', 'kg', 'kg'],
      hasHhv: true,
      hasCo2e: false,
    });
    expect(snapshotInlineFactor(publishedCo2e())).toMatchObject({
      isCombustionTriple: false,
      gasNames: [],
      hasHhv: false,
      hasCo2e: true,
    });
    expect(snapshotInlineFactor(twoGases())).toMatchObject({
      isCombustionTriple: false,
      gasNames: ['CO2', 'HFC-134a'],
    });
  });

  it.each([
    ['a combustion factor', combustion],
    ['a published CO2e factor', publishedCo2e],
    ['a factor of other gases', twoGases],
  ])('matches %s given again as a new object with the same values', (_name, make) => {
    expect(matchesSnapshot(make(), snapshotInlineFactor(make()))).toBe(true);
  });

  it('matches a factor without gases given again with an empty gases object: the engine reads both alike', () => {
    expect(matchesSnapshot({ ...publishedCo2e(), gases: {} }, snapshotInlineFactor(publishedCo2e()))).toBe(
      true,
    );
  });

  for (const [what, cases] of Object.entries(changes)) {
    it(`misses a factor whose ${what} changed, one field at a time`, () => {
      for (const [make, change] of cases) {
        const snapshot = snapshotInlineFactor(make());
        const changed = make();
        change(changed);
        expect({ changed, isMatch: matchesSnapshot(changed, snapshot) }).toEqual({ changed, isMatch: false });
      }
    });
  }
});
