import { findRoute, type TargetDto } from '@ecc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { jsonResponse } from '#test/fixtures.ts';
import { PathwaysPage } from './pathways-page.tsx';

vi.mock('#lib/permissions/use-ability.ts', () => ({ useCan: () => false }));
// The gap chart and the sector pathways have their own tests; this one is about the list of targets.
vi.mock('./target-gap-panel.tsx', () => ({ TargetGapPanel: () => null }));
vi.mock('./sector-pathways-panel.tsx', () => ({ SectorPathwaysPanel: () => null }));

const TARGET: TargetDto = {
  id: '7c1f9e2b-2b7a-4c3d-8e5f-6a7b8c9d0e1f',
  name: 'Scopes 1 and 2 by 2030',
  kind: 'absolute',
  denominatorKind: null,
  scopes: [1, 2],
  scope2Method: 'market',
  scope3Categories: [],
  baseYear: 2023,
  targetYear: 2030,
  term: 'near-term',
  ambition: '1.5C',
  customReductionPercent: null,
  projectionMethod: 'linear-trend',
  growthPercent: null,
  sectorPathwayId: null,
  annualReductionRate: 0.042,
  modifiedOn: '2026-01-01T00:00:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the pathways page', () => {
  it('lists the targets with an export of them as CSV and XLSX', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/api/pathways/targets') return jsonResponse(200, { results: [TARGET] });
        if (path === '/api/pathways/sector-pathways') return jsonResponse(200, { results: [] });
        if (path === '/api/organisation/boundary') {
          return jsonResponse(200, {
            consolidationApproach: 'operational-control',
            reportingYearStartMonth: 1,
            baseYear: 2023,
            recalculationThresholdPercent: 5,
          });
        }
        return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'not found' });
      }),
    );
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PathwaysPage route={findRoute('pathways')} />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Targets of the realm' });
    expect(within(table).getByText('Scope 1, 2 (market-based)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Export targets' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      '/api/exports/pathways/targets?format=csv',
      '/api/exports/pathways/targets?format=xlsx',
    ]);
  });
});
