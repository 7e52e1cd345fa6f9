import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { jsonResponse } from '#test/fixtures.ts';
import { ActivityRecordAddForm } from './activity-record-add-form.tsx';
import { useRecordMutations } from './use-record-mutations.ts';

function AddForm() {
  const mutations = useRecordMutations('north-plant');
  return <ActivityRecordAddForm mutations={mutations} activityTypes={[]} equipment={[]} />;
}

/** The server is faked: a record's POST answers `answer`, the factor search an empty list. */
function renderForm(answer: () => Response) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/facilities/north-plant/activity-records' && init.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return answer();
      }
      return jsonResponse(200, { results: [], count: 0, total: 0, offset: 0 });
    }),
  );
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AddForm />
    </QueryClientProvider>,
  );
  return { form: screen.getByRole('form', { name: 'Add an activity record' }), posts };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the add-a-record form', () => {
  it('refuses an empty record field by field, in words a user understands, and sends nothing', async () => {
    const { form, posts } = renderForm(() => jsonResponse(500, {}));
    await userEvent.click(within(form).getByRole('button', { name: 'Add record' }));
    expect(await within(form).findByText('Quantity is required')).toBeTruthy();
    expect(within(form).getByLabelText('Quantity').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('The record was not added: check the fields marked in red.')).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('shows the server’s refusal on the field it names', async () => {
    const { form, posts } = renderForm(() =>
      jsonResponse(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'body/unit: therm cannot be converted to kWh',
        fieldErrors: { 'body/unit': 'therm cannot be converted to kWh' },
      }),
    );
    await userEvent.type(within(form).getByLabelText('Activity type'), 'Boiler gas');
    await userEvent.type(within(form).getByLabelText('Period start'), '2024-01-01');
    await userEvent.type(within(form).getByLabelText('Period end'), '2024-01-31');
    await userEvent.type(within(form).getByLabelText('Quantity'), '100');
    await userEvent.type(within(form).getByLabelText('Unit'), 'therm');
    await userEvent.type(within(form).getByLabelText('Emission factor'), 'egrid-2022-us-average');
    await userEvent.click(within(form).getByRole('button', { name: 'Add record' }));
    expect(await within(form).findByText('therm cannot be converted to kWh')).toBeTruthy();
    expect(within(form).getByLabelText('Unit').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('The record was not added.')).toBeTruthy();
    expect(posts).toHaveLength(1);
  });
});
