import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QueryStates, type QueryView } from './query-states.tsx';

function view(state: Partial<QueryView<string[]>>): QueryView<string[]> {
  return { isPending: false, error: null, data: undefined, refetch: vi.fn(async () => {}), ...state };
}

function renderStates(query: QueryView<string[]>, onRetry?: () => void) {
  render(
    <QueryStates
      query={query}
      loading={<p>Loading names</p>}
      errorTitle="The names could not be loaded"
      onRetry={onRetry}
      isEmpty={(names) => names.length === 0}
      empty={<p>No names yet</p>}
    >
      {(names) => (
        <ul aria-label="Names">
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </QueryStates>,
  );
}

describe('QueryStates', () => {
  it('shows the placeholder while the query is pending', () => {
    renderStates(view({ isPending: true }));
    expect(screen.getByText('Loading names')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it("shows what failed with the server's reason, and retries with the query's refetch", async () => {
    const query = view({ error: new Error('Server unavailable') });
    renderStates(query);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The names could not be loaded');
    expect(alert.textContent).toContain('Server unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(query.refetch).toHaveBeenCalledOnce();
  });

  it('retries with onRetry when given one instead', async () => {
    const query = view({ error: new Error('Server unavailable') });
    const onRetry = vi.fn();
    renderStates(query, onRetry);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(query.refetch).not.toHaveBeenCalled();
  });

  it('shows the error rather than data kept from before it', () => {
    renderStates(view({ error: new Error('Refetch failed'), data: ['Ada'] }));
    expect(screen.getByRole('alert').textContent).toContain('Refetch failed');
    expect(screen.queryByText('Ada')).toBeNull();
  });

  it('shows the empty state for empty data', () => {
    renderStates(view({ data: [] }));
    expect(screen.getByText('No names yet')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the content with the data', () => {
    renderStates(view({ data: ['Ada', 'Bob'] }));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ada', 'Bob']);
  });
});
