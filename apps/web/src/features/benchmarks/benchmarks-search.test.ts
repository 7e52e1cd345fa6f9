import { describe, expect, it } from 'vitest';
import { benchmarksSearchOf } from './benchmarks-search.ts';

const ID = '5b1c7a52-3f7e-4a55-9d55-1b8d9a1b2c3d';

describe('benchmarksSearchOf', () => {
  it('reads the facility and the query from the URL', () => {
    expect(
      benchmarksSearchOf({ facility: ID, peers: 'realm', year: '2024', state: ' TX ', sizeBand: 'over-1mt' }),
    ).toEqual({ facility: ID, query: { peers: 'realm', year: 2024, state: 'TX', sizeBand: 'over-1mt' } });
  });

  it('leaves out what is malformed, falling back to 6-digit NAICS peers', () => {
    expect(benchmarksSearchOf({ facility: 'nope', peers: 'naics5', year: '20x4', sizeBand: 'huge' })).toEqual(
      {
        facility: undefined,
        query: { peers: 'naics6', year: undefined, state: undefined, sizeBand: undefined },
      },
    );
  });
});
