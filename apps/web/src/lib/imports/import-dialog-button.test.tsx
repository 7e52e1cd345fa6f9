import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ImportDialogButton } from './import-dialog-button.tsx';

function renderButton() {
  render(
    <ImportDialogButton
      label="Import activity data"
      icon={<svg aria-hidden="true" />}
      description="Every row or none."
      size="sm"
    >
      {(close) => (
        <button type="button" onClick={close}>
          Done
        </button>
      )}
    </ImportDialogButton>,
  );
}

describe('ImportDialogButton', () => {
  it('opens a dialog titled like the button, with its steps', async () => {
    renderButton();
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Import activity data' }));
    const dialog = screen.getByRole('dialog', { name: 'Import activity data' });
    expect(dialog.textContent).toContain('Every row or none.');
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('closes when the steps say so, and gives the focus back to the button', async () => {
    renderButton();
    const opener = screen.getByRole('button', { name: 'Import activity data' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
