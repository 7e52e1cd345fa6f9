import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ExportMenu } from './export-menu.tsx';

describe('ExportMenu', () => {
  it('offers the table as CSV and XLSX downloads with its filters, from the keyboard too', async () => {
    const user = userEvent.setup();
    render(
      <ExportMenu what="facilities" hrefOf={(format) => `/api/exports/facilities?q=oak&format=${format}`} />,
    );
    screen.getByRole('button', { name: 'Export facilities' }).focus();
    await user.keyboard('{Enter}');
    const items = await screen.findAllByRole('menuitem');
    expect(
      items.map((item) => [item.textContent, item.getAttribute('href'), item.hasAttribute('download')]),
    ).toEqual([
      ['CSV (comma-separated)', '/api/exports/facilities?q=oak&format=csv', true],
      ['XLSX (Excel workbook)', '/api/exports/facilities?q=oak&format=xlsx', true],
    ]);
  });
});
