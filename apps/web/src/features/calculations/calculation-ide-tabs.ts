import type { CalculationParameter } from '@ecc/contracts';

/*
 * The IDE's open calculations: one tab each, in the order they were opened, one active. A tab holds the unsaved
 * text (formula and parameters) only while it differs from what it was opened or last saved with: that is its
 * dirty marker, and closing it then asks first.
 */

export interface CalculationSource {
  readonly formula: string;
  readonly parameters: readonly CalculationParameter[];
}

export interface CalculationIdeTab {
  readonly calculationId: string;
  readonly name: string;
  /** What the editor started from: the latest version, or the version a link asked for. */
  readonly saved: CalculationSource;
  /** The edited text while it differs from `saved`. */
  readonly draft: CalculationSource | undefined;
}

export interface CalculationIdeTabsState {
  readonly tabs: readonly CalculationIdeTab[];
  readonly activeId: string | undefined;
}

export type CalculationIdeTabsAction =
  | { readonly type: 'open'; readonly calculationId: string; readonly name: string }
  | { readonly type: 'activate'; readonly calculationId: string }
  | { readonly type: 'close'; readonly calculationId: string }
  /** The stored text arrived (or a version was chosen): the tab starts from it, an unsaved draft is kept. */
  | { readonly type: 'load'; readonly calculationId: string; readonly source: CalculationSource }
  | { readonly type: 'edit'; readonly calculationId: string; readonly source: CalculationSource }
  /** A save made a version of the text: it is the tab's saved text now. */
  | { readonly type: 'saved'; readonly calculationId: string; readonly source: CalculationSource }
  | { readonly type: 'rename'; readonly calculationId: string; readonly name: string };

export const EMPTY_CALCULATION_IDE_TABS: CalculationIdeTabsState = { tabs: [], activeId: undefined };

const NOTHING_SAVED: CalculationSource = { formula: '', parameters: [] };

export function isSameSource(left: CalculationSource, right: CalculationSource): boolean {
  return (
    left.formula === right.formula &&
    left.parameters.length === right.parameters.length &&
    left.parameters.every((parameter, index) => {
      const other = right.parameters[index];
      return (
        other !== undefined &&
        parameter.name === other.name &&
        parameter.unit === other.unit &&
        parameter.description === other.description
      );
    })
  );
}

export function isTabDirty(tab: CalculationIdeTab): boolean {
  return tab.draft !== undefined;
}

/** The text the tab's editor shows: the draft, else what was saved. */
export function tabSource(tab: CalculationIdeTab): CalculationSource {
  return tab.draft ?? tab.saved;
}

function updateTab(
  state: CalculationIdeTabsState,
  calculationId: string,
  change: (tab: CalculationIdeTab) => CalculationIdeTab,
): CalculationIdeTabsState {
  if (!state.tabs.some((tab) => tab.calculationId === calculationId)) return state;
  return {
    ...state,
    tabs: state.tabs.map((tab) => (tab.calculationId === calculationId ? change(tab) : tab)),
  };
}

/** A draft equal to the saved text is no draft. */
function withDraft(tab: CalculationIdeTab, source: CalculationSource): CalculationIdeTab {
  return { ...tab, draft: isSameSource(source, tab.saved) ? undefined : source };
}

export function calculationIdeTabsReducer(
  state: CalculationIdeTabsState,
  action: CalculationIdeTabsAction,
): CalculationIdeTabsState {
  switch (action.type) {
    case 'open': {
      if (state.tabs.some((tab) => tab.calculationId === action.calculationId)) {
        return { ...state, activeId: action.calculationId };
      }
      const tab: CalculationIdeTab = {
        calculationId: action.calculationId,
        name: action.name,
        saved: NOTHING_SAVED,
        draft: undefined,
      };
      return { tabs: [...state.tabs, tab], activeId: action.calculationId };
    }
    case 'activate':
      return state.tabs.some((tab) => tab.calculationId === action.calculationId)
        ? { ...state, activeId: action.calculationId }
        : state;
    case 'close': {
      const index = state.tabs.findIndex((tab) => tab.calculationId === action.calculationId);
      if (index === -1) return state;
      const tabs = state.tabs.filter((tab) => tab.calculationId !== action.calculationId);
      if (state.activeId !== action.calculationId) return { ...state, tabs };
      // The tab to the right takes over, else the one to the left, as editors do.
      const next = tabs[index] ?? tabs[index - 1];
      return { tabs, activeId: next?.calculationId };
    }
    case 'load':
      return updateTab(state, action.calculationId, (tab) =>
        withDraft({ ...tab, saved: action.source }, tab.draft ?? action.source),
      );
    case 'edit':
      return updateTab(state, action.calculationId, (tab) => withDraft(tab, action.source));
    case 'saved':
      return updateTab(state, action.calculationId, (tab) =>
        withDraft({ ...tab, saved: action.source }, tabSource(tab)),
      );
    case 'rename':
      return updateTab(state, action.calculationId, (tab) => ({ ...tab, name: action.name }));
  }
}
