import { describe, expect, it } from 'vitest';
import {
  calculationIdeTabsReducer,
  EMPTY_CALCULATION_IDE_TABS,
  isTabDirty,
  tabSource,
  type CalculationIdeTabsAction,
  type CalculationIdeTabsState,
} from './calculation-ide-tabs.ts';

const saved = { formula: ':quantity * 2', parameters: [{ name: 'quantity', unit: 'kg', description: '' }] };

function run(...actions: CalculationIdeTabsAction[]): CalculationIdeTabsState {
  return actions.reduce(calculationIdeTabsReducer, EMPTY_CALCULATION_IDE_TABS);
}

describe('the IDE’s tabs', () => {
  it('opens each calculation once, the last opened active', () => {
    const state = run(
      { type: 'open', calculationId: 'a', name: 'alpha' },
      { type: 'open', calculationId: 'b', name: 'beta' },
      { type: 'open', calculationId: 'a', name: 'alpha' },
    );
    expect(state.tabs.map((tab) => tab.calculationId)).toEqual(['a', 'b']);
    expect(state.activeId).toBe('a');
  });

  it('is dirty while the text differs from what it loaded, and clean again when edited back', () => {
    const loaded = run(
      { type: 'open', calculationId: 'a', name: 'alpha' },
      { type: 'load', calculationId: 'a', source: saved },
    );
    expect(isTabDirty(loaded.tabs[0]!)).toBe(false);
    const edited = calculationIdeTabsReducer(loaded, {
      type: 'edit',
      calculationId: 'a',
      source: { ...saved, formula: ':quantity * 3' },
    });
    expect(isTabDirty(edited.tabs[0]!)).toBe(true);
    expect(tabSource(edited.tabs[0]!).formula).toBe(':quantity * 3');
    const back = calculationIdeTabsReducer(edited, { type: 'edit', calculationId: 'a', source: saved });
    expect(isTabDirty(back.tabs[0]!)).toBe(false);
  });

  it('counts a changed parameter unit as an edit', () => {
    const state = run(
      { type: 'open', calculationId: 'a', name: 'alpha' },
      { type: 'load', calculationId: 'a', source: saved },
      {
        type: 'edit',
        calculationId: 'a',
        source: { ...saved, parameters: [{ name: 'quantity', unit: 't', description: '' }] },
      },
    );
    expect(isTabDirty(state.tabs[0]!)).toBe(true);
  });

  it('keeps an unsaved draft when the stored text arrives again (a refetch)', () => {
    const draft = { ...saved, formula: ':quantity * 3' };
    const state = run(
      { type: 'open', calculationId: 'a', name: 'alpha' },
      { type: 'load', calculationId: 'a', source: saved },
      { type: 'edit', calculationId: 'a', source: draft },
      { type: 'load', calculationId: 'a', source: saved },
    );
    expect(tabSource(state.tabs[0]!)).toEqual(draft);
    expect(isTabDirty(state.tabs[0]!)).toBe(true);
  });

  it('is clean once the text it shows is saved', () => {
    const draft = { ...saved, formula: ':quantity * 3' };
    const state = run(
      { type: 'open', calculationId: 'a', name: 'alpha' },
      { type: 'load', calculationId: 'a', source: saved },
      { type: 'edit', calculationId: 'a', source: draft },
      { type: 'saved', calculationId: 'a', source: draft },
    );
    expect(isTabDirty(state.tabs[0]!)).toBe(false);
    expect(state.tabs[0]!.saved).toEqual(draft);
  });

  it('gives the focus to the tab on the right of a closed active tab, else the one on its left', () => {
    const three = run(
      { type: 'open', calculationId: 'a', name: 'alpha' },
      { type: 'open', calculationId: 'b', name: 'beta' },
      { type: 'open', calculationId: 'c', name: 'gamma' },
      { type: 'activate', calculationId: 'b' },
    );
    const closedMiddle = calculationIdeTabsReducer(three, { type: 'close', calculationId: 'b' });
    expect(closedMiddle.activeId).toBe('c');
    const closedLast = calculationIdeTabsReducer(closedMiddle, { type: 'close', calculationId: 'c' });
    expect(closedLast.activeId).toBe('a');
    const closedAll = calculationIdeTabsReducer(closedLast, { type: 'close', calculationId: 'a' });
    expect(closedAll).toEqual({ tabs: [], activeId: undefined });
  });

  it('keeps the active tab when another one closes, and ignores unknown tabs', () => {
    const two = run(
      { type: 'open', calculationId: 'a', name: 'alpha' },
      { type: 'open', calculationId: 'b', name: 'beta' },
    );
    expect(calculationIdeTabsReducer(two, { type: 'close', calculationId: 'a' }).activeId).toBe('b');
    expect(calculationIdeTabsReducer(two, { type: 'edit', calculationId: 'x', source: saved })).toBe(two);
    expect(calculationIdeTabsReducer(two, { type: 'activate', calculationId: 'x' })).toBe(two);
  });
});
