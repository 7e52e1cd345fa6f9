import { describe, expect, it } from 'vitest';
import { emptyViewDescription } from './empty-view-description.ts';

describe('emptyViewDescription', () => {
  it('names a filtered year without results and the years that have some', () => {
    expect(emptyViewDescription([2031], [2025, 2023, 2024])).toBe(
      'No emissions are recorded for 2031. Years with results: 2023, 2024, 2025.',
    );
    expect(emptyViewDescription([2030, 2024, 2031], [2024])).toBe(
      'No emissions are recorded for 2030 or 2031. Years with results: 2024.',
    );
  });

  it('says the realm has no results at all when no year has any', () => {
    expect(emptyViewDescription([2024], [])).toBe(
      'No emissions are recorded for 2024. The realm has no emission results yet.',
    );
  });

  it('asks to widen the filters when the years have results or are not filtered or not known', () => {
    const widen = 'Widen the filters, or record activity data for these facilities and periods.';
    expect(emptyViewDescription([2024], [2024])).toBe(widen);
    expect(emptyViewDescription(undefined, [2024])).toBe(widen);
    expect(emptyViewDescription([], [2024])).toBe(widen);
    expect(emptyViewDescription([2031], undefined)).toBe(widen);
  });
});
