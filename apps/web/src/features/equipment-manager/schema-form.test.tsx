import type { EquipmentField } from '@ecc/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SchemaForm, errorsByField, type SchemaFormValues } from './schema-form.tsx';

const fields: EquipmentField[] = [
  {
    name: 'refrigerant',
    label: 'Refrigerant',
    type: 'enum',
    options: ['HFC-134a', 'R-410A'],
    isRequired: true,
  },
  {
    name: 'chargeKg',
    label: 'Charge',
    type: 'number',
    unit: 'kg',
    minimum: 0,
    maximum: 500,
    isRequired: true,
  },
  { name: 'units', label: 'Units', type: 'integer', isRequired: false },
  { name: 'isSealed', label: 'Sealed', type: 'boolean', isRequired: false },
  { name: 'notes', label: 'Notes', type: 'string', description: 'Anything else', isRequired: false },
];

function Harness({
  onValues,
  errors,
}: {
  onValues: (values: SchemaFormValues) => void;
  errors?: Record<string, string>;
}) {
  const [values, setValues] = useState<SchemaFormValues>({});
  return (
    <SchemaForm
      fields={fields}
      values={values}
      errors={errors}
      idPrefix="test"
      onChange={(next) => {
        setValues(next);
        onValues(next);
      }}
    />
  );
}

describe('SchemaForm', () => {
  it('renders one labelled control per field, with units, bounds, options and required marks', () => {
    render(<Harness onValues={() => undefined} />);
    const charge = screen.getByRole('spinbutton', { name: /Charge \(kg\)/ });
    expect(charge.getAttribute('min')).toBe('0');
    expect(charge.getAttribute('max')).toBe('500');
    expect(charge.hasAttribute('required')).toBe(true);
    const refrigerant = screen.getByRole('combobox', { name: /Refrigerant/ });
    expect([...refrigerant.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Choose…',
      'HFC-134a',
      'R-410A',
    ]);
    expect(screen.getByRole('spinbutton', { name: 'Units' }).getAttribute('step')).toBe('1');
    expect(screen.getByRole('checkbox', { name: 'Sealed' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Notes' }).getAttribute('aria-describedby')).toContain(
      'description',
    );
  });

  it('reports typed values with their JSON types: numbers as numbers, cleared numbers as empty, booleans', async () => {
    const onValues = vi.fn();
    render(<Harness onValues={onValues} />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: /Refrigerant/ }), 'R-410A');
    await user.type(screen.getByRole('spinbutton', { name: /Charge/ }), '12.5');
    await user.click(screen.getByRole('checkbox', { name: 'Sealed' }));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'roof');
    expect(onValues).toHaveBeenLastCalledWith({
      refrigerant: 'R-410A',
      chargeKg: 12.5,
      isSealed: true,
      notes: 'roof',
    });
    await user.clear(screen.getByRole('spinbutton', { name: /Charge/ }));
    expect(onValues).toHaveBeenLastCalledWith(expect.objectContaining({ chargeKg: '' }));
  });

  it('shows each message at its field and marks the control invalid', () => {
    render(
      <Harness
        onValues={() => undefined}
        errors={{ chargeKg: 'Must be at least 0', isSealed: 'Must be yes or no' }}
      />,
    );
    const charge = screen.getByRole('spinbutton', { name: /Charge/ });
    expect(charge.getAttribute('aria-invalid')).toBe('true');
    const describedBy = charge.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy.split(' ').at(-1) ?? '')?.textContent).toBe(
      'Must be at least 0',
    );
    expect(screen.getByRole('checkbox', { name: 'Sealed' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Must be yes or no')).toBeTruthy();
  });
});

describe('errorsByField', () => {
  it('keeps the first message of each field', () => {
    expect(
      errorsByField([
        { path: '/a', message: 'Required' },
        { path: '/a', message: 'Second' },
        { path: '/b/0', message: 'Nested' },
      ]),
    ).toEqual({ a: 'Required', b: 'Nested' });
  });
});
