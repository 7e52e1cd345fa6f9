import type { EmissionFactorDto, RecalculationRunDto } from '@ecc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { jsonResponse } from '#test/fixtures.ts';
import { EmissionFactorsPage } from './emission-factors-page.tsx';

vi.mock('#components/page-header.tsx', () => ({
  PageHeader: ({ title }: { title: string }) => <h1>{title}</h1>,
}));
vi.mock('#lib/permissions/use-ability.ts', () => ({ useCan: () => true }));

const NATURAL_GAS: EmissionFactorDto = {
  id: 'epa-natural-gas',
  name: 'Natural Gas',
  source: 'EPA GHG Emission Factors Hub 2024',
  year: 2024,
  per: 'mmBtu',
  gases: { CO2: { value: 53.06, unit: 'kg' } },
};
const RUN: RecalculationRunDto = {
  id: '4b6f6f7e-3c1d-4c8a-9a3e-5d2f1e4b7c90',
  status: 'completed',
  gwp: 'AR5',
  processed: 7,
  total: 7,
  failed: 0,
  fraction: 1,
  failures: [],
  error: null,
  createdOn: '2030-01-01T00:00:00.000Z',
  startedOn: '2030-01-01T00:00:00.000Z',
  finishedOn: '2030-01-01T00:00:01.000Z',
};

function renderPage() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost').pathname;
      if (url === '/api/emission-factors') {
        return jsonResponse(200, { results: [NATURAL_GAS], count: 1, total: 1, offset: 0 });
      }
      if (url.startsWith('/api/recalculations'))
        return jsonResponse(url === '/api/recalculations' ? 202 : 200, RUN);
      return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'not found' });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EmissionFactorsPage />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the emission factors page', () => {
  it('lists a library factor with its source and the page range', async () => {
    renderPage();
    const row = (await screen.findByText('Natural Gas')).closest('tr');
    if (!row) throw new Error('row missing');
    expect(within(row).getByText('EPA GHG Emission Factors Hub 2024')).toBeTruthy();
    expect(within(row).getByText('CO2 53.06 kg')).toBeTruthy();
    expect(screen.getByText('1–1 of 1')).toBeTruthy();
  });

  it('shows the progress of a recalculation as processed of total', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Recalculate all emissions' }));
    const progress = await screen.findByRole('progressbar');
    expect(progress.getAttribute('aria-valuenow')).toBe('7');
    expect(progress.getAttribute('aria-valuemax')).toBe('7');
    expect(screen.getByText(/completed/)).toBeTruthy();
  });
});
