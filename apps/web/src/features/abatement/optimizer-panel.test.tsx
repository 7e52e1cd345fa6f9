import { planExportQuerySchema, type MeasureDto, type OptimizeResponse } from '@ecc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { jsonResponse } from '#test/fixtures.ts';
import { OptimizerPanel } from './optimizer-panel.tsx';

// The charts draw on a canvas jsdom lacks; their tables are what this test reads.
vi.mock('#components/charts/option-chart.tsx', () => ({
  OptionChart: ({ table }: { table: ReactNode }) => <div>{table}</div>,
}));

const MEASURE: MeasureDto = {
  id: '8f4a5b6c-7d8e-4f9a-0b1c-2d3e4f506172',
  name: 'Boiler to heat pump',
  description: '',
  appliesTo: { facilityId: null, equipmentTypeId: null, scope: null },
  appliesToNames: { facility: null, equipmentType: null },
  abatement: { kind: 'absolute', kgPerYear: 100_000 },
  annualAbatementKg: 100_000,
  sourceEmissionsKg: null,
  sourceYear: null,
  capex: 50_000,
  annualCost: -2_000,
  lifetime: 10,
  earliestYear: null,
  exclusiveGroup: null,
  prerequisites: [],
  source: { citation: '', url: '' },
  starterKey: null,
  modifiedOn: '2026-01-01T00:00:00.000Z',
};

describe('the optimizer panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows money in the realm's currency, and offers the plan's measures and years as downloads that name the plan, not its figures", async () => {
    const baseYear = new Date().getUTCFullYear() - 1;
    const answer: OptimizeResponse = {
      status: 'optimal',
      cost: 40_000,
      plan: [{ id: MEASURE.id, startYear: baseYear + 1 }],
      years: [0, 1].map((offset) => ({
        year: baseYear + offset,
        baseline: 1_000_000,
        abated: offset * 100_000,
        emissions: 1_000_000 - offset * 100_000,
        trajectory: 1_000_000,
        shortfall: 0,
      })),
      gap: 0,
      solveMs: 5,
    };
    // Only the solve answers; without emissions or targets the panel plans from the fields' defaults.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) =>
        url === '/api/pathways/optimize' && init?.method === 'POST'
          ? jsonResponse(200, answer)
          : jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'Not here' }),
      ),
    );
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <OptimizerPanel measures={[MEASURE]} currency="EUR" />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Yearly capex budgets (EUR), optional')).toBeTruthy();
    expect(screen.getByLabelText(`Budget ${baseYear + 1} (EUR)`)).toBeTruthy();
    expect(screen.getByRole('cell', { name: '€50,000' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Solve' }));
    expect(await screen.findByText(/Discounted cost €40,000 ·/)).toBeTruthy();
    expect(screen.getByTestId('plan-capex').textContent).toBe(`Capex per year: ${baseYear + 1} €50,000`);
    await user.click(await screen.findByRole('button', { name: "Export the plan's measures" }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['CSV (comma-separated)', 'XLSX (Excel workbook)']);
    const url = new URL(items[0]!.getAttribute('href')!, 'https://ecc.test');
    expect(url.pathname).toBe('/api/exports/abatement/plan');
    const sent = planExportQuerySchema.parse(Object.fromEntries(url.searchParams));
    expect(sent).toMatchObject({ table: 'measures', format: 'csv' });
    expect(sent.request.plan).toEqual([{ id: MEASURE.id, startYear: baseYear + 1 }]);
    expect(url.searchParams.get('request')).not.toContain('50000');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: "Export the plan's years" })).toBeTruthy();
  });
});
