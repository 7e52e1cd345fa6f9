import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

describe('ConfirmDialog', () => {
  function renderDialog(onConfirm: () => void | Promise<void>) {
    render(
      <ConfirmDialog
        trigger={<Button>Delete realm</Button>}
        title="Delete this realm?"
        description="Its users lose access at once."
        confirmLabel="Delete"
        variant="destructive"
        onConfirm={onConfirm}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete realm' }));
  }

  it('asks for confirmation with a destructive confirm button', () => {
    renderDialog(vi.fn());
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this realm?' });
    expect(dialog.textContent).toContain('Its users lose access at once.');
    expect(screen.getByRole('button', { name: 'Delete' }).dataset.variant).toBe('destructive');
  });

  it('runs the action and closes once it has finished', async () => {
    let finish = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderDialog(onConfirm);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Delete' }).getAttribute('aria-busy')).toBe('true');
    await act(async () => finish());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('stays open when the action fails', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderDialog(() => Promise.reject(new Error('Network down')));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('closes without acting on Cancel', () => {
    const onConfirm = vi.fn();
    renderDialog(onConfirm);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
