import { describe, expect, it } from 'vitest';
import { acceptedLicences } from './accepted-licences.ts';

describe('accepted licences', () => {
  it('lists the licences whose accepted property is set, with the date when one was recorded', () => {
    expect(
      acceptedLicences({
        licensing: {
          licenses: {
            eula: { accepted: '2026-03-01T10:00:00.000Z' },
            privacy: { accepted: true },
            beta: { accepted: false },
            marketing: {},
          },
        },
      }),
    ).toEqual([
      { id: 'eula', acceptedAt: '2026-03-01T10:00:00.000Z' },
      { id: 'privacy', acceptedAt: undefined },
    ]);
  });

  it('finds none when the user has no licensing properties, or malformed ones', () => {
    expect(acceptedLicences({})).toEqual([]);
    expect(acceptedLicences({ licensing: 'yes' })).toEqual([]);
    expect(acceptedLicences({ licensing: { licenses: ['eula'] } })).toEqual([]);
  });
});
