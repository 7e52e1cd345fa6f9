import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ReportedEmissions } from './reported-emissions.tsx';

const REPORTED_2020 = {
  source: 'EPA GHGRP',
  reportedGwpSetId: 'AR4',
  gases: { CO2: 1000, CH4: 2 },
  mixturesCo2eT: {},
  co2eTByGwpSet: { AR4: 1050, AR5: 1056 },
  reportedCo2eT: 1050,
  biogenicCo2T: null,
};

describe('ReportedEmissions', () => {
  it('shows a table a year with an export of every year’s lines as CSV and XLSX', async () => {
    const user = userEvent.setup();
    render(<ReportedEmissions slug="north-plant" reported={{ '2020': REPORTED_2020 }} gwpSetId="AR5" />);
    const table = screen.getByRole('table', { name: 'Reported to EPA GHGRP, 2020' });
    expect(within(table).getByRole('rowheader', { name: 'CH4' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Export reported emissions' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      '/api/exports/facilities/north-plant/reported-emissions?format=csv',
      '/api/exports/facilities/north-plant/reported-emissions?format=xlsx',
    ]);
  });

  it('shows nothing, and so no export, for a facility that reported nothing', () => {
    const { container } = render(<ReportedEmissions slug="north-plant" reported={{}} gwpSetId="AR5" />);
    expect(container.textContent).toBe('');
  });
});
