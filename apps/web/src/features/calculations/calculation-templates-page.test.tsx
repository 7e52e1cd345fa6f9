import { findRoute } from '@ecc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { jsonResponse } from '#test/fixtures.ts';
import { CalculationTemplatesPage } from './calculation-templates-page.tsx';

describe('the templates page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the templates as CSV and XLSX downloads', async () => {
    // Nobody is signed in: the page shows the templates without their create buttons.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'Sign in' })),
    );
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CalculationTemplatesPage route={findRoute('calc-editor-templates')} />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Export the templates' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      '/api/exports/calculation-templates?format=csv',
      '/api/exports/calculation-templates?format=xlsx',
    ]);
  });
});
