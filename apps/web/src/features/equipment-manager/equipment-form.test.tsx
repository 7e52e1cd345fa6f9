import type { EquipmentField } from '@ecc/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiResponseError } from '#lib/api/api-response-error.ts';
import { EquipmentForm, type EquipmentFormValues } from './equipment-form.tsx';

const fields: EquipmentField[] = [
  { name: 'chargeKg', label: 'Charge', type: 'number', unit: 'kg', minimum: 0, isRequired: true },
  { name: 'notes', label: 'Notes', type: 'string', isRequired: false },
];

function renderForm(onSubmit: (values: EquipmentFormValues) => Promise<unknown>) {
  render(
    <EquipmentForm
      fields={fields}
      initialValues={{ name: '', properties: {} }}
      submitLabel="Add equipment"
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
}

describe('the equipment form', () => {
  it('refuses a missing name and a property out of the type’s bounds, and sends nothing', async () => {
    const onSubmit = vi.fn(async () => {});
    renderForm(onSubmit);
    await userEvent.type(screen.getByLabelText(/^Charge/), '-1');
    await userEvent.click(screen.getByRole('button', { name: 'Add equipment' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(screen.getByLabelText(/^Charge/).getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the name and the properties given, without the empty ones', async () => {
    const onSubmit = vi.fn(async () => {});
    renderForm(onSubmit);
    await userEvent.type(screen.getByLabelText('Name'), 'Chiller 2');
    await userEvent.type(screen.getByLabelText(/^Charge/), '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Add equipment' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: 'Chiller 2', properties: { chargeKg: 12.5 } }),
    );
  });

  it('shows the server’s refusal at the property it names', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiResponseError(400, 'Bad Request', {
        statusCode: 400,
        error: 'Bad Request',
        message: 'body/properties/chargeKg: Must be at most 400',
        fieldErrors: { 'body/properties/chargeKg': 'Must be at most 400' },
      });
    });
    renderForm(onSubmit);
    await userEvent.type(screen.getByLabelText('Name'), 'Chiller 2');
    await userEvent.type(screen.getByLabelText(/^Charge/), '450');
    await userEvent.click(screen.getByRole('button', { name: 'Add equipment' }));
    expect(await screen.findByText('Must be at most 400')).toBeTruthy();
    expect(screen.getByLabelText(/^Charge/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(/^Not saved/)).toBeNull();
  });
});
