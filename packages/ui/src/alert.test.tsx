import { ALERT_KINDS } from '@ecc/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Alert, AlertDescription, AlertTitle } from './alert.tsx';

describe('Alert', () => {
  it.each(['error', 'warning'] as const)('interrupts screen readers for %s', (kind) => {
    render(
      <Alert kind={kind}>
        <AlertTitle>Heads up</AlertTitle>
      </Alert>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Heads up');
  });

  it.each(ALERT_KINDS.filter((kind) => kind !== 'error' && kind !== 'warning'))(
    'announces %s politely as a status',
    (kind) => {
      render(
        <Alert kind={kind}>
          <AlertTitle>Note</AlertTitle>
          <AlertDescription>Details</AlertDescription>
        </Alert>,
      );
      expect(screen.getByRole('status').textContent).toBe('NoteDetails');
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  it('shows an error in the destructive colours', () => {
    render(<Alert kind="error">Failed</Alert>);
    const alert = screen.getByRole('alert');
    expect(alert.className).toMatch(/\bborder-destructive\//);
    expect(alert.className).toMatch(/\bbg-destructive\//);
  });

  it('is an info status by default', () => {
    render(<Alert>FYI</Alert>);
    expect(screen.getByRole('status').dataset.kind).toBe('info');
  });
});
