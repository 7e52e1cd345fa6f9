import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox } from './combobox.tsx';
import { FormField } from './form-field.tsx';

const FRUITS = ['apple', 'apricot', 'banana'];

function Fruits({ onRowKey = () => undefined }: { onRowKey?: (key: string) => void }) {
  const [value, setValue] = useState('');
  const options = FRUITS.filter((fruit) => fruit.includes(value)).map((fruit) => ({
    value: fruit,
    label: fruit.toUpperCase(),
    description: `${fruit} tree`,
  }));
  return (
    <div onKeyDown={(event) => onRowKey(event.key)}>
      <FormField label="Fruit" error={value === 'x' ? 'No such fruit' : undefined}>
        <Combobox
          value={value}
          onValueChange={setValue}
          options={options}
          listLabel="Fruits"
          emptyMessage="No fruit matches"
        />
      </FormField>
    </div>
  );
}

describe('Combobox', () => {
  it('is a labelled combobox that controls a named listbox, closed until the user types', async () => {
    render(<Fruits />);
    const input = screen.getByRole('combobox', { name: 'Fruit' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.type(input, 'ap');
    const list = screen.getByRole('listbox', { name: 'Fruits' });
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'APPLEapple tree',
      'APRICOTapricot tree',
    ]);
  });

  it('moves through the options with the arrow keys and picks one with Enter', async () => {
    render(<Fruits />);
    const input = screen.getByRole('combobox', { name: 'Fruit' });
    await userEvent.type(input, 'a');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    const active = document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    expect(active?.textContent).toBe('BANANAbanana tree');
    expect(active?.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent).toBe(
      'APPLEapple tree',
    );
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect((input as HTMLInputElement).value).toBe('banana');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
  });

  it('keeps Enter and Escape from the row around it while the list is open, and passes them on when closed', async () => {
    const onRowKey = vi.fn();
    render(<Fruits onRowKey={onRowKey} />);
    const input = screen.getByRole('combobox', { name: 'Fruit' });
    await userEvent.type(input, 'b');
    onRowKey.mockClear();
    await userEvent.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(onRowKey).not.toHaveBeenCalledWith('Escape');
    await userEvent.keyboard('{Escape}');
    expect(onRowKey).toHaveBeenCalledWith('Escape');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect((input as HTMLInputElement).value).toBe('banana');
    expect(onRowKey).not.toHaveBeenCalledWith('Enter');
  });

  it('picks an option with the mouse and says so when nothing matches', async () => {
    render(<Fruits />);
    const input = screen.getByRole('combobox', { name: 'Fruit' });
    await userEvent.type(input, 'apr');
    await userEvent.click(screen.getByRole('option', { name: /APRICOT/ }));
    expect((input as HTMLInputElement).value).toBe('apricot');
    await userEvent.clear(input);
    await userEvent.type(input, 'x');
    expect(screen.getByText('No fruit matches')).toBeTruthy();
    // The field's error reaches the text box.
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'No such fruit',
    );
  });
});
