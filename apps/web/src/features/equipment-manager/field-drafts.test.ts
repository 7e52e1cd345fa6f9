import { describe, expect, it } from 'vitest';
import { emptyFieldDraft, fieldDraftsOf, fieldsFromDrafts, type FieldDraft } from './field-drafts.ts';

const draft = (values: Partial<FieldDraft>): FieldDraft => ({ ...emptyFieldDraft(), ...values });

describe('fieldsFromDrafts', () => {
  it('turns drafts into fields: trimmed, numbers parsed, options split, unit only on numbers', () => {
    const { fields, errors } = fieldsFromDrafts([
      draft({
        name: 'chargeKg',
        label: ' Charge ',
        type: 'number',
        unit: 'kg',
        minimum: '0',
        maximum: '500',
        isRequired: true,
      }),
      draft({
        name: 'gas',
        label: 'Gas',
        type: 'enum',
        options: 'HFC-134a, R-410A,, HFC-134a',
        unit: 'ignored',
      }),
    ]);
    expect(errors).toEqual({});
    expect(fields).toEqual([
      {
        name: 'chargeKg',
        label: 'Charge',
        type: 'number',
        unit: 'kg',
        minimum: 0,
        maximum: 500,
        isRequired: true,
      },
      { name: 'gas', label: 'Gas', type: 'enum', options: ['HFC-134a', 'R-410A'], isRequired: false },
    ]);
  });

  it('names each draft’s problems by its position and leaves it out', () => {
    const bad = [
      draft({ name: '9lives', label: '', type: 'number', minimum: 'x', maximum: '' }),
      draft({ name: 'size', label: 'Size', type: 'integer', minimum: '10', maximum: '5' }),
      draft({ name: 'kind', label: 'Kind', type: 'enum', options: ' , ' }),
      draft({ name: 'size', label: 'Size again', type: 'string' }),
      draft({ name: 'tag', label: 'Tag', type: 'string', pattern: '(a)\\1' }),
    ];
    const { fields, errors } = fieldsFromDrafts(bad);
    expect(fields).toEqual([]);
    expect(errors).toEqual({
      0: {
        name: 'Start with a letter; use letters, digits and underscores',
        label: 'Required',
        minimum: 'Must be a number',
      },
      1: { maximum: 'Must not be below the minimum' },
      2: { options: 'Give at least one option' },
      3: { name: 'Another field has this name' },
      4: { pattern: 'Refused pattern: invalid escape sequence: `\\1`' },
    });
  });
});

describe('fieldDraftsOf', () => {
  it('round-trips fields through drafts', () => {
    const fields = [
      { name: 'a', label: 'A', type: 'integer' as const, minimum: 1, isRequired: true },
      { name: 'b', label: 'B', type: 'enum' as const, options: ['x', 'y'], isRequired: false },
      { name: 'c', label: 'C', type: 'string' as const, pattern: '^(a+)+$', isRequired: false },
    ];
    expect(fieldsFromDrafts(fieldDraftsOf(fields)).fields).toEqual(fields);
  });
});
