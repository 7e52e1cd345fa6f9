import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CRON_PART_LABELS, CRON_PARTS, cronPartRange, validateCron, type CronPart } from './validate-cron.ts';

/** A 7-field expression with `value` in `part` and a wildcard everywhere else. */
function expressionWith(part: CronPart, value: string): string {
  return CRON_PARTS.map((each) => (each === part ? value : '*')).join(' ');
}

const partArbitrary = fc.constantFrom(...CRON_PARTS);
const inRangeArbitrary = partArbitrary.chain((part) => {
  const { min, max } = cronPartRange(part);
  return fc.tuple(fc.constant(part), fc.integer({ min, max }));
});
const outOfRangeArbitrary = partArbitrary.chain((part) => {
  const { min, max } = cronPartRange(part);
  const below = min > 0 ? [fc.integer({ min: 0, max: min - 1 })] : [];
  return fc.tuple(fc.constant(part), fc.oneof(fc.integer({ min: max + 1, max: 100_000 }), ...below));
});

describe('validateCron', () => {
  it('accepts 5, 6 and 7 fields', () => {
    expect(validateCron('*/5 9-17 * * 1-5')).toEqual([]);
    expect(validateCron('0 */5 9-17 * * 1-5')).toEqual([]);
    expect(validateCron('0 0 12 ? * MON-FRI 2030')).toEqual([]);
  });

  it('names the field count when there are too few or too many fields', () => {
    for (const expression of ['', '   ', '* * * *', '* * * * * * * *']) {
      const count = expression.trim() === '' ? 0 : expression.trim().split(/\s+/).length;
      expect(validateCron(expression)).toEqual([
        { part: 'expression', message: `Cron expression: expected 5, 6 or 7 fields, found ${count}` },
      ]);
    }
  });

  it('names the part, the value and the range of an out-of-range number', () => {
    expect(validateCron('0 24 * * *')).toEqual([
      { part: 'hours', message: 'Hours: 24 is out of range 0-23' },
    ]);
    expect(validateCron('60 * * * * *')).toEqual([
      { part: 'seconds', message: 'Seconds: 60 is out of range 0-59' },
    ]);
    expect(validateCron('* * 0 * *')).toEqual([
      { part: 'dayOfMonth', message: 'Day of month: 0 is out of range 1-31' },
    ]);
    expect(validateCron('* * * 13 *')).toEqual([
      { part: 'month', message: 'Month: 13 is out of range 1-12' },
    ]);
    expect(validateCron('* * * * 7')).toEqual([
      { part: 'dayOfWeek', message: 'Day of week: 7 is out of range 0-6' },
    ]);
    expect(validateCron('0 0 0 * * ? 2100')).toEqual([
      { part: 'year', message: 'Year: 2100 is out of range 1970-2099' },
    ]);
  });

  it('checks every number of a list and every end of a range', () => {
    expect(validateCron('0,15,75,90 * * * *')).toEqual([
      { part: 'minutes', message: 'Minutes: 75 is out of range 0-59' },
      { part: 'minutes', message: 'Minutes: 90 is out of range 0-59' },
    ]);
    expect(validateCron('0 20-25 * * *')).toEqual([
      { part: 'hours', message: 'Hours: 25 is out of range 0-23' },
    ]);
  });

  it('reports every faulty field, in field order', () => {
    expect(validateCron('61 25 * * *').map((error) => error.message)).toEqual([
      'Minutes: 61 is out of range 0-59',
      'Hours: 25 is out of range 0-23',
    ]);
  });

  it('shifts the month and weekday ranges with the zero-based and one-based options', () => {
    expect(validateCron('* * * 0 *', { isZeroBasedMonth: true })).toEqual([]);
    expect(validateCron('* * * 12 *', { isZeroBasedMonth: true })).toEqual([
      { part: 'month', message: 'Month: 12 is out of range 0-11' },
    ]);
    expect(validateCron('* * * * 7', { isOneBasedDayOfWeek: true })).toEqual([]);
    expect(validateCron('* * * * 0', { isOneBasedDayOfWeek: true })).toEqual([
      { part: 'dayOfWeek', message: 'Day of week: 0 is out of range 1-7' },
    ]);
  });

  it('accepts wildcards, steps, month and weekday names', () => {
    expect(validateCron('*/15 0-12/3 1/2 JAN-mar,Dec ? ')).toEqual([]);
    expect(validateCron('0 0 ? * sun,SAT')).toEqual([]);
  });

  it('explains malformed items', () => {
    expect(validateCron('*/0 * * * *')).toEqual([
      { part: 'minutes', message: 'Minutes: step 0 is out of range 1-60' },
    ]);
    expect(validateCron('*/x * * * *')).toEqual([
      { part: 'minutes', message: 'Minutes: step x is not a whole number' },
    ]);
    expect(validateCron('0 22-2 * * *')).toEqual([
      { part: 'hours', message: 'Hours: range 22-2 starts after it ends' },
    ]);
    expect(validateCron('1,,2 * * * *')).toEqual([
      { part: 'minutes', message: 'Minutes: empty item in list 1,,2' },
    ]);
    expect(validateCron('? * * * *')).toEqual([
      { part: 'minutes', message: 'Minutes: ? is only allowed in day of month and day of week' },
    ]);
    expect(validateCron('abc * * * *')).toEqual([
      { part: 'minutes', message: 'Minutes: abc is not a valid value' },
    ]);
    expect(validateCron('* * * * 1-')).toEqual([
      { part: 'dayOfWeek', message: 'Day of week: 1- is not a valid value' },
    ]);
    expect(validateCron('* * * MON *')).toEqual([
      { part: 'month', message: 'Month: MON is not a valid value' },
    ]);
  });

  it('accepts any in-range number in any field', () => {
    fc.assert(
      fc.property(inRangeArbitrary, ([part, value]) => {
        expect(validateCron(expressionWith(part, String(value)))).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('rejects any out-of-range number, naming the part, the value and the range', () => {
    fc.assert(
      fc.property(outOfRangeArbitrary, ([part, value]) => {
        const { min, max } = cronPartRange(part);
        expect(validateCron(expressionWith(part, String(value)))).toEqual([
          { part, message: `${CRON_PART_LABELS[part]}: ${value} is out of range ${min}-${max}` },
        ]);
      }),
      { numRuns: 2000 },
    );
  });

  it('finds the one out-of-range number hidden in a list of valid ones', () => {
    fc.assert(
      fc.property(
        partArbitrary.chain((part) => {
          const { min, max } = cronPartRange(part);
          return fc.record({
            part: fc.constant(part),
            valid: fc.array(fc.integer({ min, max }), { minLength: 1, maxLength: 6 }),
            invalid: fc.integer({ min: max + 1, max: max + 1000 }),
            position: fc.nat(),
          });
        }),
        ({ part, valid, invalid, position }) => {
          const items = valid.map(String);
          items.splice(position % (items.length + 1), 0, String(invalid));
          const errors = validateCron(expressionWith(part, items.join(',')));
          expect(errors).toHaveLength(1);
          expect(errors[0]?.part).toBe(part);
          expect(errors[0]?.message).toContain(`${CRON_PART_LABELS[part]}: ${invalid} `);
        },
      ),
    );
  });

  it('accepts any ordered in-range range with any step', () => {
    fc.assert(
      fc.property(
        partArbitrary.chain((part) => {
          const { min, max } = cronPartRange(part);
          return fc.tuple(
            fc.constant(part),
            fc.integer({ min, max }),
            fc.integer({ min, max }),
            fc.integer({ min: 1, max: max - min + 1 }),
          );
        }),
        ([part, first, second, step]) => {
          const range = `${Math.min(first, second)}-${Math.max(first, second)}/${step}`;
          expect(validateCron(expressionWith(part, range))).toEqual([]);
        },
      ),
    );
  });
});
