import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadError } from './load-error.tsx';

describe('LoadError', () => {
  it("says what failed and the server's reason, and retries on Retry", async () => {
    const onRetry = vi.fn();
    render(
      <LoadError title="The users could not be loaded" error={new Error('Timed out')} onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The users could not be loaded');
    expect(screen.getByText('Timed out')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('names its button as told', () => {
    render(<LoadError title="Failed" error={new Error('No')} onRetry={() => {}} retryLabel="Try again" />);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
