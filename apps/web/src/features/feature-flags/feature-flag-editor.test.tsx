import type { FeatureFlagDefinition } from '@ecc/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiResponseError } from '#lib/api/api-response-error.ts';
import { FeatureFlagEditor } from './feature-flag-editor.tsx';

function renderEditor(
  onSave: (definition: FeatureFlagDefinition) => Promise<void>,
  definition?: FeatureFlagDefinition,
) {
  render(<FeatureFlagEditor definition={definition} onSave={onSave} onClose={() => {}} />);
  return screen.getByRole('dialog');
}

describe('the feature flag editor', () => {
  it('names the field of each problem with the specification messages, and sends nothing', async () => {
    const onSave = vi.fn(async () => {});
    const editor = renderEditor(onSave);
    await userEvent.type(within(editor).getByLabelText('Key'), 'Beta');
    await userEvent.clear(within(editor).getByLabelText('Default variant'));
    await userEvent.type(within(editor).getByLabelText('Default variant'), 'maybe');
    await userEvent.type(within(editor).getByLabelText('Targeting (JSON)'), '{{"if": [[');
    await userEvent.click(within(editor).getByRole('button', { name: 'Create flag' }));
    expect(
      await within(editor).findByText(
        'Flag key must be lowercase letters, digits and hyphens, starting with a letter',
      ),
    ).toBeTruthy();
    expect(within(editor).getByText('defaultVariant must be one of the keys from variants')).toBeTruthy();
    expect(within(editor).getByText(/^Targeting must be valid JSON: /)).toBeTruthy();
    expect(within(editor).getByLabelText('Key').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(within(editor).getByLabelText('Key')));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses variants without a name or with the same one', async () => {
    const editor = renderEditor(vi.fn(async () => {}));
    await userEvent.type(within(editor).getByLabelText('Key'), 'beta');
    await userEvent.clear(within(editor).getByLabelText('Variant 2 name'));
    await userEvent.type(within(editor).getByLabelText('Variant 2 name'), 'on');
    await userEvent.click(within(editor).getByRole('button', { name: 'Create flag' }));
    expect(await within(editor).findByText('Variant names must be unique')).toBeTruthy();
    await userEvent.click(within(editor).getByRole('button', { name: 'Add variant' }));
    await userEvent.click(within(editor).getByRole('button', { name: 'Create flag' }));
    expect(await within(editor).findByText('Every variant needs a name')).toBeTruthy();
  });

  it('saves the definition the fields describe, variants added and removed', async () => {
    const onSave = vi.fn(async () => {});
    const editor = renderEditor(onSave);
    await userEvent.type(within(editor).getByLabelText('Key'), 'ai-assistant');
    await userEvent.click(within(editor).getByRole('button', { name: 'Add variant' }));
    await userEvent.type(within(editor).getByLabelText('Variant 3 name'), 'maybe');
    await userEvent.selectOptions(within(editor).getByLabelText('Variant 3 value'), 'true');
    await userEvent.click(within(editor).getByRole('button', { name: 'Remove variant on' }));
    await userEvent.selectOptions(within(editor).getByLabelText('State'), 'DISABLED');
    await userEvent.click(within(editor).getByRole('button', { name: 'Create flag' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        key: 'ai-assistant',
        type: 'boolean',
        state: 'DISABLED',
        variants: { off: false, maybe: true },
        defaultVariant: 'off',
      }),
    );
  });

  it("keeps an edited flag's key, and shows the server's refusal on the field it names", async () => {
    const onSave = vi.fn(async (): Promise<void> => {
      throw new ApiResponseError(400, 'Bad Request', {
        statusCode: 400,
        error: 'Bad Request',
        message: 'body/defaultVariant: No such variant',
        fieldErrors: { 'body/defaultVariant': 'No such variant' },
      });
    });
    const editor = renderEditor(onSave, {
      key: 'beta',
      type: 'boolean',
      variants: { yes: true, no: false },
      defaultVariant: 'no',
    });
    expect((within(editor).getByLabelText('Key') as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(within(editor).getByRole('button', { name: 'Save changes' }));
    expect(await within(editor).findByText('No such variant')).toBeTruthy();
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ key: 'beta', defaultVariant: 'no' }));
    expect(within(editor).getByLabelText('Default variant').getAttribute('aria-invalid')).toBe('true');
  });
});
