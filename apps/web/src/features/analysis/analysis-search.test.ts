import { describe, expect, it } from 'vitest';
import { DEFAULT_ANALYSIS_VIEW, searchOfView, viewFromSearch } from './analysis-search.ts';

describe('the view in the address', () => {
  it('restores a view from its own search parameters', () => {
    const view = viewFromSearch({
      measures: ['co2e', 'activityQuantity'],
      rows: ['month'],
      columns: [],
      filters: { year: [2024], scope: [1, 2] },
      scope2Method: 'market',
      comparison: 'previousPeriod',
      subtotals: true,
    });
    expect(viewFromSearch(searchOfView(view))).toEqual(view);
    expect(view.filters).toEqual({ year: [2024], scope: [1, 2] });
  });

  it('answers the default view without parameters, and drops a part that does not parse', () => {
    expect(viewFromSearch({})).toEqual(DEFAULT_ANALYSIS_VIEW);
    const view = viewFromSearch({ rows: ['planet'], columns: ['year'] });
    expect(view.rows).toEqual([]);
    expect(view.columns).toEqual(['year']);
  });
});
