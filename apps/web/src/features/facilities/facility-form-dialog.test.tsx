import type { FacilityValues } from '@ecc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiResponseError } from '#lib/api/api-response-error.ts';
import { createQueryClient } from '#lib/query/query-client.ts';
import { jsonResponse } from '#test/fixtures.ts';
import { FacilityFormDialog } from './facility-form-dialog.tsx';

const EUROPE = { id: '0b6e3c1a-1d2e-4f3a-8b4c-5d6e7f8a9b01', name: 'Europe', code: 'EU', parentId: null };
const UK = {
  id: '0b6e3c1a-1d2e-4f3a-8b4c-5d6e7f8a9b02',
  name: 'United Kingdom',
  code: null,
  parentId: EUROPE.id,
};

function renderDialog(onSave: (values: FacilityValues) => Promise<unknown>) {
  // The sector suggestions come from the server: an empty list is enough; the business units are two.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('/api/organisation/business-units')
        ? jsonResponse(200, { results: [EUROPE, UK].map((unit) => ({ ...unit, facilityCount: 0 })) })
        : jsonResponse(200, { results: [] }),
    ),
  );
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <FacilityFormDialog onSave={onSave} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog'), onClose };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the facility form', () => {
  it('refuses with the contract’s words on each field, and sends nothing', async () => {
    const onSave = vi.fn(async () => {});
    const { dialog } = renderDialog(onSave);
    await userEvent.type(within(dialog).getByLabelText('Latitude'), '95');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create facility' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Sector is required')).toBeTruthy();
    expect(within(dialog).getByText('Latitude must be between -90 and 90')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Name')));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('derives the slug from the name and saves the values the contract gives', async () => {
    const onSave = vi.fn(async () => {});
    const { dialog, onClose } = renderDialog(onSave);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'North Plant');
    await userEvent.type(within(dialog).getByLabelText('Sector'), 'Power Plants');
    await userEvent.type(within(dialog).getByLabelText('Latitude'), '40,5');
    await userEvent.type(within(dialog).getByLabelText('Longitude'), '-80');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create facility' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'North Plant',
        slug: 'north-plant',
        sector: 'Power Plants',
        naics: null,
        country: 'US',
        latitude: 40.5,
        longitude: -80,
      }),
    );
  });

  it('puts the facility in a business unit with its ownership share, and asks why it is outside the boundary', async () => {
    const onSave = vi.fn(async () => {});
    const { dialog, onClose } = renderDialog(onSave);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Joint Venture');
    await userEvent.type(within(dialog).getByLabelText('Sector'), 'Chemicals');
    const unit = within(dialog).getByLabelText('Business unit');
    await within(unit).findByRole('option', { name: /United Kingdom/ });
    await userEvent.selectOptions(unit, UK.id);
    const share = within(dialog).getByLabelText('Ownership share (%)');
    await userEvent.clear(share);
    await userEvent.type(share, '0');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Inside the reporting boundary/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create facility' }));
    expect(await within(dialog).findByText('Ownership share must be more than 0 %')).toBeTruthy();
    expect(within(dialog).getByText('Say why the facility is outside the boundary')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.clear(share);
    await userEvent.type(share, '49.5');
    await userEvent.type(
      within(dialog).getByLabelText('Why it is outside the boundary'),
      'Partner operates it',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create facility' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        businessUnitId: UK.id,
        ownershipSharePercent: 49.5,
        isInBoundary: false,
        boundaryExclusionReason: 'Partner operates it',
      }),
    );
  });

  it('shows the server’s refusal on the field it names, the rest above the buttons', async () => {
    const onSave = vi.fn(async () => {
      throw new ApiResponseError(409, 'Conflict', {
        statusCode: 409,
        error: 'Conflict',
        message: 'body/slug: A facility already has the slug north-plant',
        fieldErrors: { 'body/slug': 'A facility already has the slug north-plant' },
      });
    });
    const { dialog, onClose } = renderDialog(onSave);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'North Plant');
    await userEvent.type(within(dialog).getByLabelText('Sector'), 'Power Plants');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create facility' }));
    expect(await within(dialog).findByText('A facility already has the slug north-plant')).toBeTruthy();
    expect(within(dialog).getByLabelText('Slug').getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });
});
