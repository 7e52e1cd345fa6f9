import {
  diagramOfFormula,
  formulaOfDiagram,
  parseFormula,
  printFormula,
  type DrakonDiagram,
} from '@ecc/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DrakonDiagramView } from './drakon-diagram-view.tsx';

const FORMULA = "set :rate = IF(:distance > 100, 0.2, 0.3)\nEMIT('CO2', :distance * :rate)";

function renderView(isEditable = true) {
  const onChange = vi.fn<(diagram: DrakonDiagram, description: string) => void>();
  const onUndo = vi.fn();
  render(
    <DrakonDiagramView
      diagram={diagramOfFormula(parseFormula(FORMULA).formula)}
      title="Fleet"
      isEditable={isEditable}
      onChange={onChange}
      onUndo={onUndo}
      canUndo
    />,
  );
  const formulaOf = (call = 0) =>
    printFormula(formulaOfDiagram(onChange.mock.calls[call]?.[0] as DrakonDiagram));
  return { onChange, onUndo, formulaOf };
}

describe('the DRAKON diagram view', () => {
  it('names each icon by its kind and text, with the header first in the tab order', () => {
    renderView();
    expect(screen.getByRole('group', { name: 'DRAKON diagram of Fleet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Header: Fleet' }).getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('button', { name: 'Question: :distance > 100?' }).getAttribute('tabindex')).toBe(
      '-1',
    );
    expect(screen.getByRole('button', { name: "Emission: EMIT('CO2', :distance * :rate)" })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'End' })).toBeTruthy();
  });

  it('moves with the arrow keys: down the skewer, right to the no branch', async () => {
    const user = userEvent.setup();
    renderView();
    await user.click(screen.getByRole('button', { name: 'Header: Fleet' }));
    await user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Question: :distance > 100?' })),
    );
    await user.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Action: set :rate = 0.3' })),
    );
    await user.keyboard('{ArrowLeft}');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Action: set :rate = 0.2' })),
    );
  });

  it('edits an icon with Enter, refusing text that does not read at its field', async () => {
    const user = userEvent.setup();
    const { onChange, formulaOf } = renderView();
    await user.click(screen.getByRole('button', { name: 'Action: set :rate = 0.3' }));
    await user.keyboard('{Enter}');
    const field = screen.getByLabelText('Value of the branch');
    await user.clear(field);
    await user.type(field, '0.3 *{Enter}');
    expect(screen.getByText(/Line 1, column 6: The line ends too early/)).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, '0.35{Enter}');
    expect(formulaOf()).toContain('IF(:distance > 100, 0.2, 0.35)');
    expect(onChange.mock.calls[0]?.[1]).toBe('Value of the branch changed');
  });

  it('removes with Delete, swaps a question from the toolbar and undoes with Ctrl+Z', async () => {
    const user = userEvent.setup();
    const { onUndo, formulaOf } = renderView();
    await user.click(screen.getByRole('button', { name: "Emission: EMIT('CO2', :distance * :rate)" }));
    await user.keyboard('{Delete}');
    expect(formulaOf(0)).toBe('set :rate = IF(:distance > 100, 0.2, 0.3)');
    await user.click(screen.getByRole('button', { name: 'Question: :distance > 100?' }));
    await user.click(screen.getByRole('button', { name: /Swap yes\/no/ }));
    expect(formulaOf(1)).toContain('IF(NOT :distance > 100, 0.3, 0.2)');
    await user.click(screen.getByRole('button', { name: 'Question: :distance > 100?' }));
    await user.keyboard('{Control>}z{/Control}');
    expect(onUndo).toHaveBeenCalledOnce();
  });

  it('changes nothing while the formula has errors', async () => {
    const user = userEvent.setup();
    const { onChange } = renderView(false);
    await user.click(screen.getByRole('button', { name: 'Question: :distance > 100?' }));
    await user.keyboard('{Delete}{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: /Remove/ })).toHaveProperty('disabled', true);
  });
});
