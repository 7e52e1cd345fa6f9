import { describe, expect, it } from 'vitest';
import { publicPagePayloadEndpoints } from './public-page-payload.ts';
import { PAYLOAD_PATHS } from './routes.ts';

describe('publicPagePayloadEndpoints', () => {
  it('answers each public page’s payload beside the page, at {path}/_payload.json', () => {
    expect(Object.keys(publicPagePayloadEndpoints).sort()).toEqual([...PAYLOAD_PATHS].sort());
    for (const path of PAYLOAD_PATHS) {
      expect(publicPagePayloadEndpoints[path].path).toBe(`${path}/_payload.json`);
    }
  });
});
