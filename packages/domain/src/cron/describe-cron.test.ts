import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeCron, resolveCronLocale } from './describe-cron.ts';
import { CRON_PARTS, cronPartRange, validateCron } from './validate-cron.ts';

const cronTokenArbitrary = fc.constantFrom(
  '*',
  '?',
  '0',
  '5',
  '12',
  '23',
  '59',
  '60',
  '1-5',
  '5-1',
  '*/15',
  '0/0',
  'MON',
  'JAN',
  'L',
  '#',
  '-',
  '/',
  ',',
  '2030',
);
const cronLikeArbitrary = fc
  .array(fc.array(cronTokenArbitrary, { minLength: 1, maxLength: 3 }), { minLength: 0, maxLength: 8 })
  .map((fields) => fields.map((items) => items.join(',')).join(' '));

/** The product's wording of the specification's 'message asking the user to check the cron syntax'. */
const CHECK_THE_SYNTAX = 'Could not describe this schedule. Please check the cron syntax.';

describe('describeCron', () => {
  it('describes an expression in 24-hour time by default', () => {
    expect(describeCron('30 14 * * 1-5')).toEqual({
      ok: true,
      description: 'At 14:30, Monday through Friday',
    });
    expect(describeCron('30 14 * * *', { locale: 'de' })).toEqual({ ok: true, description: 'Um 14:30' });
    expect(describeCron('30 14 * * *', { locale: 'fr-CA' })).toEqual({ ok: true, description: 'À 14:30' });
  });

  it('uses 12-hour time in Korean, Malay, Thai and Chinese (simplified)', () => {
    expect(describeCron('30 14 * * *', { locale: 'ko' })).toEqual({ ok: true, description: '오후 02:30' });
    expect(describeCron('30 14 * * *', { locale: 'ms' })).toEqual({ ok: true, description: 'Pada 02:30 PM' });
    expect(describeCron('30 14 * * *', { locale: 'th' })).toEqual({ ok: true, description: 'เมื่อ 02:30 PM' });
    expect(describeCron('30 14 * * *', { locale: 'zh-CN' })).toEqual({
      ok: true,
      description: '在下午 02:30',
    });
    expect(describeCron('30 14 * * *', { locale: 'zh_CN' })).toEqual({
      ok: true,
      description: '在下午 02:30',
    });
    expect(describeCron('30 14 * * *', { locale: 'zh-TW' })).toEqual({ ok: true, description: '在 14:30' });
  });

  it('honours the zero-based month and one-based weekday numbering', () => {
    expect(describeCron('0 0 * 0 *', { isZeroBasedMonth: true })).toEqual({
      ok: true,
      description: 'At 00:00, only in January',
    });
    expect(describeCron('0 0 * * 7', { isOneBasedDayOfWeek: true })).toEqual({
      ok: true,
      description: 'At 00:00, only on Saturday',
    });
  });

  it('asks the user to check the cron syntax and lists the faulty parts', () => {
    expect(describeCron('0 24 * * *')).toEqual({
      ok: false,
      message: CHECK_THE_SYNTAX,
      errors: [{ part: 'hours', message: 'Hours: 24 is out of range 0-23' }],
    });
    expect(describeCron('not a cron')).toMatchObject({ ok: false, message: CHECK_THE_SYNTAX });
  });

  it('never throws, and describes exactly the expressions that validate', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), cronLikeArbitrary),
        fc.constantFrom('en', 'ko', 'de', 'xx'),
        (text, locale) => {
          const result = describeCron(text, { locale });
          if (validateCron(text).length > 0)
            expect(result).toMatchObject({ ok: false, message: CHECK_THE_SYNTAX });
          if (result.ok) expect(result.description).not.toBe('');
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('describes any expression of in-range numbers', () => {
    const fieldsArbitrary = fc.tuple(
      ...CRON_PARTS.map((part) => {
        const { min, max } = cronPartRange(part);
        return fc.integer({ min, max }).map(String);
      }),
    );
    fc.assert(
      fc.property(fieldsArbitrary, fc.constantFrom(5, 6, 7), (fields, count) => {
        const chosen = count === 5 ? fields.slice(1, 6) : fields.slice(0, count);
        const result = describeCron(chosen.join(' '));
        expect(result.ok).toBe(true);
      }),
    );
  });
});

describe('resolveCronLocale', () => {
  it('maps a user locale to the nearest cronstrue language, else English', () => {
    expect(resolveCronLocale('pt-BR')).toBe('pt_BR');
    expect(resolveCronLocale('pt')).toBe('pt_PT');
    expect(resolveCronLocale('de-AT')).toBe('de');
    expect(resolveCronLocale('ms-MY')).toBe('my');
    expect(resolveCronLocale('zh-Hant')).toBe('zh_TW');
    expect(resolveCronLocale('my')).toBe('en');
    expect(resolveCronLocale('tlh')).toBe('en');
    expect(resolveCronLocale()).toBe('en');
  });
});
