import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog, type FormDialogProps } from './form-dialog.tsx';

function renderDialog(props: Partial<FormDialogProps> = {}) {
  const onSubmit = vi.fn();
  const onClose = vi.fn();
  render(
    <FormDialog
      title="New realm"
      description="A realm with one application."
      formLabel="Realm"
      submitLabel="Create realm"
      isSaving={false}
      onSubmit={onSubmit}
      onClose={onClose}
      {...props}
    >
      <label>
        Name <input name="name" />
      </label>
    </FormDialog>,
  );
  return { onSubmit, onClose };
}

describe('FormDialog', () => {
  it('is a dialog named by its title, holding a named form with its fields', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'New realm' });
    expect(dialog.textContent).toContain('A realm with one application.');
    expect(screen.getByRole('form', { name: 'Realm' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeTruthy();
  });

  it('submits through onSubmit, without the browser submitting the page', () => {
    const { onSubmit } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Create realm' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    // fireEvent answers false when a handler prevented the event's default.
    expect(fireEvent.submit(screen.getByRole('form', { name: 'Realm' }))).toBe(false);
  });

  it('closes on Cancel and on Escape', () => {
    const { onClose } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('stays open while saving: Cancel is off, Escape does nothing and the submit button is busy', () => {
    const { onClose } = renderDialog({ isSaving: true });
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Create realm' }).getAttribute('aria-busy')).toBe('true');
  });

  it('announces a refusal that names no field, and shows what follows the form', () => {
    renderDialog({ saveError: 'The server is down', afterForm: <p>Confirm first</p> });
    expect(screen.getByRole('alert').textContent).toBe('The server is down');
    expect(screen.getByText('Confirm first')).toBeTruthy();
  });
});
