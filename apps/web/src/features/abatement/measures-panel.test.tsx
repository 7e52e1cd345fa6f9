import type { MeasureDto } from '@ecc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { jsonResponse } from '#test/fixtures.ts';
import { MeasuresPanel } from './measures-panel.tsx';

const LEAKS: MeasureDto = {
  id: '8f4a5b6c-7d8e-4f9a-0b1c-2d3e4f506173',
  name: 'Compressed-air leak repair',
  description: '',
  appliesTo: { facilityId: null, equipmentTypeId: null, scope: null },
  appliesToNames: { facility: null, equipmentType: null },
  abatement: { kind: 'absolute', kgPerYear: 40_000 },
  annualAbatementKg: 40_000,
  sourceEmissionsKg: null,
  sourceYear: null,
  capex: 25_000,
  annualCost: -4_000,
  lifetime: 5,
  earliestYear: null,
  exclusiveGroup: null,
  prerequisites: [],
  source: { citation: '', url: '' },
  starterKey: null,
  modifiedOn: '2026-01-01T00:00:00.000Z',
};

describe('the measures library', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows capex and annual cost in the realm's currency, and names it on the dialog's money fields", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { results: [] })),
    );
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MeasuresPanel measures={[LEAKS]} canWrite currency="EUR" />
      </QueryClientProvider>,
    );
    const row = screen.getByRole('row', { name: /Compressed-air leak repair/ });
    expect(within(row).getByRole('cell', { name: '€25,000' })).toBeTruthy();
    expect(within(row).getByRole('cell', { name: '-€4,000' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit Compressed-air leak repair' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Compressed-air leak repair' });
    expect((within(dialog).getByLabelText('Capex (EUR)') as HTMLInputElement).value).toBe('25000');
    expect(within(dialog).getByLabelText('Annual cost change (EUR)')).toBeTruthy();
    expect(dialog.textContent).toContain('it does not convert them');
  });
});
