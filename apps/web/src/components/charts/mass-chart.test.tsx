import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MassChart } from './mass-chart.tsx';
import type { ChartSeries } from './mass-chart-spec.ts';

const CATEGORIES = [
  { key: '2024', label: '2024' },
  { key: '2025', label: '2025' },
];
const SERIES: ChartSeries[] = [
  { key: 'scope1', label: 'Scope 1', color: 'primary', stack: 'co2e', valuesKg: [1_500_000, 950] },
  { key: 'market', label: 'Scope 2 (market-based)', color: 'primary', isDrawn: false, valuesKg: [null, 20] },
];

describe('MassChart', { timeout: 40_000 }, () => {
  it('switches to a table of the same figures, whose buttons do what a click on a bar does', async () => {
    const onSelect = vi.fn();
    render(
      <MassChart
        title="CO2e by year"
        categoryHeader="Year"
        orientation="columns"
        categories={CATEGORIES}
        series={SERIES}
        onSelect={onSelect}
        selectLabel={(index) => `Open ${CATEGORIES[index]?.label ?? ''}`}
        extraColumns={[{ header: 'Facilities', cells: ['3', '4'] }]}
      />,
    );
    expect(screen.getByRole('img', { name: /CO2e by year/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show table' }));

    const table = screen.getByRole('table', { name: 'CO2e by year' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Year', 'Scope 1', 'Scope 2 (market-based)', 'Facilities']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '20241,500.0 t CO2e—3',
      '2025950.0 kg CO2e20.0 kg CO2e4',
    ]);
    await userEvent.click(within(table).getByRole('button', { name: 'Open 2025' }));
    expect(onSelect).toHaveBeenCalledWith(1);

    await userEvent.click(screen.getByRole('button', { name: 'Show chart' }));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('draws the bars with ECharts in the theme’s colours once its box has a width', async () => {
    document.documentElement.style.setProperty('--primary', '#7c3aed');
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
    try {
      render(
        <MassChart
          title="CO2e by year"
          categoryHeader="Year"
          orientation="columns"
          categories={CATEGORIES}
          series={SERIES}
        />,
      );
      // ECharts arrives as its own chunk: loading it takes a while on a busy machine.
      const drawing = await screen.findByTestId('mass-chart-drawing', {}, { timeout: 20_000 });
      await waitFor(() => expect(drawing.querySelector('svg')).not.toBeNull(), { timeout: 10_000 });
      const fills = [...drawing.querySelectorAll('path')].map((path) => path.getAttribute('fill'));
      expect(fills).toContain('#7c3aed');
      // The axis counts in tonnes, its ticks on round numbers (d3's nice()): 1,500 t → 0 … 2,000 in steps of 500.
      expect(drawing.textContent).toContain('t CO2e');
      expect(drawing.textContent).toContain('2,000');
    } finally {
      width.mockRestore();
      document.documentElement.style.removeProperty('--primary');
    }
  });

  it('shows its empty state when there is nothing to draw', () => {
    render(
      <MassChart
        title="CO2e by year"
        categoryHeader="Year"
        orientation="columns"
        categories={[]}
        series={[]}
        empty={<p>No emissions yet.</p>}
      />,
    );
    expect(screen.getByText('No emissions yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show table' })).toBeNull();
  });
});
