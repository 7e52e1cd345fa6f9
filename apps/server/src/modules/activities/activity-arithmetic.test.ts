import { FACTOR_LIBRARY_BY_ID } from '@ecc/domain';
import { describe, expect, it } from 'vitest';
import { describeArithmetic, formatFigure } from './activity-arithmetic.ts';

const record = {
  quantity: 1000,
  unit: 'gal',
  certificateCoverage: null,
  factorKey: 'epa-c1-distillate-fuel-oil-no-2',
};

describe('describeArithmetic', () => {
  it('writes out the heat-content path per gas and the CO2e sum', () => {
    // 1,000 gal × 0.138 mmBtu/gal = 138 mmBtu; × 73.96 = 10,206.48 kg CO2; × 0.003 = 0.414 kg CH4;
    // × 0.0006 = 0.0828 kg N2O; AR5: 10,206.48 + 0.414 × 28 + 0.0828 × 265 = 10,240.014 kg CO2e.
    const text = describeArithmetic(
      record,
      {
        gases: { CO2: 10_206.48, CH4: 0.414, N2O: 0.0828 },
        co2eKg: 10_240.014,
        gwpSetId: 'AR5',
        scope2Method: '',
      },
      FACTOR_LIBRARY_BY_ID.get(record.factorKey),
    );
    expect(text).toBe(
      '1,000 gal × 0.138 mmBtu/gal × 73.96 kg CO2/mmBtu = 10,206.5 kg CO2; ' +
        '1,000 gal × 0.138 mmBtu/gal × 0.003 kg CH4/mmBtu = 0.414 kg CH4; ' +
        '1,000 gal × 0.138 mmBtu/gal × 0.0006 kg N2O/mmBtu = 0.0828 kg N2O; ' +
        'CO2e (AR5) = 10,206.5 × 1 + 0.414 × 28 + 0.0828 × 265 = 10,240 kg CO2e',
    );
  });

  it('shows the certificate coverage of a market-based result and the conversion to the factor’s unit', () => {
    const text = describeArithmetic(
      { quantity: 2000, unit: 'kWh', certificateCoverage: 0.25, factorKey: 'egrid-2022-us-average' },
      { gases: { CO2: 1 }, co2eKg: 1, gwpSetId: 'AR5', scope2Method: 'market' },
      FACTOR_LIBRARY_BY_ID.get('egrid-2022-us-average'),
    );
    expect(text).toMatch(
      /^2,000 kWh × \(1 − 0\.25 certificate coverage\) × 0\.001 MWh\/kWh × [\d.,]+ lb CO2\/MWh × 0\.453592 kg\/lb = 1 kg CO2/,
    );
  });

  it('names an unknown factor instead of guessing', () => {
    expect(
      describeArithmetic(record, { gases: {}, co2eKg: 5, gwpSetId: 'AR5', scope2Method: '' }, undefined),
    ).toBe('1,000 gal with factor epa-c1-distillate-fuel-oil-no-2 = 5 kg CO2e');
    expect(formatFigure(0.000123456789)).toBe('0.000123457');
  });
});
