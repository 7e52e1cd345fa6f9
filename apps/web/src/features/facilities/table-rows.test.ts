import { describe, expect, it } from 'vitest';
import { ariaSort, filterRows, nextSort, sortRows } from './table-rows.ts';

interface Row {
  name: string;
  amount: number | null;
}

const rows: Row[] = [
  { name: 'Boiler 10', amount: 5 },
  { name: 'boiler 2', amount: null },
  { name: 'Chiller', amount: 12 },
  { name: 'Anode bake', amount: 5 },
];
const valueOf = (row: Row, key: 'name' | 'amount') => row[key];

describe('sorting table rows', () => {
  it('sorts text naturally and ignoring case: 2 before 10', () => {
    const sorted = sortRows(rows, { key: 'name', direction: 'ascending' }, valueOf);
    expect(sorted.map((row) => row.name)).toEqual(['Anode bake', 'boiler 2', 'Boiler 10', 'Chiller']);
  });

  it('sorts numbers by value, keeps equal values in their order, and puts empty cells last either way', () => {
    expect(sortRows(rows, { key: 'amount', direction: 'ascending' }, valueOf).map((row) => row.name)).toEqual(
      ['Boiler 10', 'Anode bake', 'Chiller', 'boiler 2'],
    );
    expect(
      sortRows(rows, { key: 'amount', direction: 'descending' }, valueOf).map((row) => row.name),
    ).toEqual(['Chiller', 'Boiler 10', 'Anode bake', 'boiler 2']);
  });

  it('leaves the given rows untouched', () => {
    const before = rows.map((row) => row.name);
    sortRows(rows, { key: 'name', direction: 'descending' }, valueOf);
    expect(rows.map((row) => row.name)).toEqual(before);
  });

  it('flips the direction on a second click of a column and starts ascending on another', () => {
    const first = nextSort({ key: 'name', direction: 'ascending' }, 'name');
    expect(first).toEqual({ key: 'name', direction: 'descending' });
    expect(nextSort(first, 'name')).toEqual({ key: 'name', direction: 'ascending' });
    expect(nextSort(first, 'amount')).toEqual({ key: 'amount', direction: 'ascending' });
  });

  it('tells assistive technology which column sorts and how', () => {
    expect(ariaSort({ key: 'name', direction: 'descending' }, 'name')).toBe('descending');
    expect(ariaSort({ key: 'name', direction: 'descending' }, 'amount')).toBe('none');
  });
});

describe('filtering table rows', () => {
  const textsOf = (row: Row) => [row.name, row.amount];

  it('keeps the rows containing every word of the filter, in any field, ignoring case', () => {
    expect(filterRows(rows, 'BOILER 5', textsOf).map((row) => row.name)).toEqual(['Boiler 10']);
    expect(filterRows(rows, '  boiler  ', textsOf)).toHaveLength(2);
  });

  it('keeps every row for an empty filter and none when nothing matches', () => {
    expect(filterRows(rows, '   ', textsOf)).toHaveLength(4);
    expect(filterRows(rows, 'flare', textsOf)).toEqual([]);
  });
});
