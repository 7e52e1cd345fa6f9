import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFormSubmission } from './use-form-submission.ts';

type Field = 'name' | 'plan';

const refusalOf = (error: unknown) =>
  (error as Error).message === 'taken'
    ? { fields: { name: 'Already taken' } }
    : { fields: {}, form: (error as Error).message };

describe('useFormSubmission', () => {
  it("shows the form's own errors and sends nothing", async () => {
    const onSave = vi.fn(async () => {});
    const { result } = renderHook(() => useFormSubmission<string, Field>(onSave, refusalOf));
    await act(() => result.current.submit({ errors: { name: 'Required' } }));
    expect(result.current.errors).toEqual({ name: 'Required' });
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends what passed, clearing the errors, and is saving meanwhile', async () => {
    let finish = () => {};
    const onSave = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useFormSubmission<string, Field>(onSave, refusalOf));
    await act(() => result.current.submit({ errors: { name: 'Required' } }));
    let submission = Promise.resolve();
    act(() => {
      submission = result.current.submit({ save: 'acme' });
    });
    expect(onSave).toHaveBeenCalledWith('acme');
    expect(result.current.errors).toEqual({});
    expect(result.current.isSaving).toBe(true);
    await act(async () => {
      finish();
      await submission;
    });
    expect(result.current.isSaving).toBe(false);
  });

  it("puts a refusal's messages on the fields it names, the rest beside the buttons", async () => {
    const { result, rerender } = renderHook(
      ({ message }) => useFormSubmission<string, Field>(() => Promise.reject(new Error(message)), refusalOf),
      { initialProps: { message: 'taken' } },
    );
    await act(() => result.current.submit({ save: 'acme' }));
    expect(result.current.errors).toEqual({ name: 'Already taken' });
    expect(result.current.saveError).toBeUndefined();
    rerender({ message: 'Server unavailable' });
    await act(() => result.current.submit({ save: 'acme' }));
    expect(result.current.errors).toEqual({});
    expect(result.current.saveError).toBe('Server unavailable');
  });

  it('accept hands back what to send without sending it, so the caller can ask first', () => {
    const onSave = vi.fn(async () => {});
    const { result } = renderHook(() => useFormSubmission<string, Field>(onSave, refusalOf));
    let accepted: string | undefined;
    act(() => {
      accepted = result.current.accept({ save: 'acme' });
    });
    expect(accepted).toBe('acme');
    expect(onSave).not.toHaveBeenCalled();
  });
});
