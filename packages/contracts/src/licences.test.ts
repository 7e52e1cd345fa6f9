import { describe, expect, it } from 'vitest';
import { isLicenceAccepted, unacceptedLicences, withLicencesAccepted } from './licences.ts';

const application = {
  legal: {
    licences: [
      { id: 'eula', title: 'End-user licence', text: 'Use it well.' },
      { id: 'privacy', title: 'Privacy notice', text: 'We keep little.' },
    ],
  },
};

describe('licences', () => {
  it('lists the configured licences that lack their accepted property', () => {
    const properties = {
      licensing: { licenses: { eula: { accepted: '2026-01-01T00:00:00.000Z' }, privacy: {} } },
    };
    expect(unacceptedLicences(application, properties).map((licence) => licence.id)).toEqual(['privacy']);
    expect(unacceptedLicences(application, {}).map((licence) => licence.id)).toEqual(['eula', 'privacy']);
    expect(unacceptedLicences({}, {})).toEqual([]);
    expect(unacceptedLicences(undefined, {})).toEqual([]);
  });

  it('ignores malformed licensing properties', () => {
    expect(isLicenceAccepted({ licensing: 'yes' }, 'eula')).toBe(false);
    expect(isLicenceAccepted({ licensing: { licenses: ['eula'] } }, 'eula')).toBe(false);
    expect(isLicenceAccepted({ licensing: { licenses: { eula: { accepted: false } } } }, 'eula')).toBe(false);
  });

  it('records acceptance with its time and keeps every other property', () => {
    const properties = { theme: 'dark', licensing: { licenses: { old: { accepted: true } }, note: 'x' } };
    const updated = withLicencesAccepted(
      properties,
      ['eula', 'privacy'],
      new Date('2026-02-03T04:05:06.000Z'),
    );
    expect(updated).toEqual({
      theme: 'dark',
      licensing: {
        note: 'x',
        licenses: {
          old: { accepted: true },
          eula: { accepted: '2026-02-03T04:05:06.000Z' },
          privacy: { accepted: '2026-02-03T04:05:06.000Z' },
        },
      },
    });
    expect(unacceptedLicences(application, updated)).toEqual([]);
  });
});
