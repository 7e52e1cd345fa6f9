import { describe, expect, it } from 'vitest';
import {
  isLicenceAccepted,
  unacceptedLicences,
  withLicenceRevisions,
  withLicencesAccepted,
} from './licences.ts';

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
    const eula = { id: 'eula' };
    expect(isLicenceAccepted({ licensing: 'yes' }, eula)).toBe(false);
    expect(isLicenceAccepted({ licensing: { licenses: ['eula'] } }, eula)).toBe(false);
    expect(isLicenceAccepted({ licensing: { licenses: { eula: { accepted: false } } } }, eula)).toBe(false);
  });

  it('records acceptance with its time and keeps every other property', () => {
    const properties = { theme: 'dark', licensing: { licenses: { old: { accepted: true } }, note: 'x' } };
    const updated = withLicencesAccepted(
      properties,
      [{ id: 'eula' }, { id: 'privacy', revision: 3 }],
      new Date('2026-02-03T04:05:06.000Z'),
    );
    expect(updated).toEqual({
      theme: 'dark',
      licensing: {
        note: 'x',
        licenses: {
          old: { accepted: true },
          eula: { accepted: '2026-02-03T04:05:06.000Z', revision: 1 },
          privacy: { accepted: '2026-02-03T04:05:06.000Z', revision: 3 },
        },
      },
    });
    expect(unacceptedLicences(application, updated)).toEqual([]);
  });

  it('asks again for a licence whose revision is newer than the one accepted', () => {
    const accepted = { licensing: { licenses: { eula: { accepted: '2026-01-01T00:00:00.000Z' } } } };
    expect(isLicenceAccepted(accepted, { id: 'eula' })).toBe(true);
    expect(isLicenceAccepted(accepted, { id: 'eula', revision: 1 })).toBe(true);
    expect(isLicenceAccepted(accepted, { id: 'eula', revision: 2 })).toBe(false);
    const reaccepted = withLicencesAccepted(accepted, [{ id: 'eula', revision: 2 }], new Date());
    expect(isLicenceAccepted(reaccepted, { id: 'eula', revision: 2 })).toBe(true);
  });

  it('counts a licence’s revision up when its title or text changes, and starts new licences at 1', () => {
    const previous = [
      { id: 'eula', title: 'End-user licence', text: 'Use it well.' },
      { id: 'privacy', title: 'Privacy notice', text: 'We keep little.', revision: 4 },
      { id: 'gone', title: 'Removed', text: 'Removed.' },
    ];
    const submitted = [
      { id: 'eula', title: 'End-user licence', text: 'Use it well.', revision: 9 },
      { id: 'privacy', title: 'Privacy notice', text: 'We keep even less.' },
      { id: 'cookies', title: 'Cookies', text: 'One cookie.' },
    ];
    expect(withLicenceRevisions(previous, submitted)).toEqual([
      { id: 'eula', title: 'End-user licence', text: 'Use it well.', revision: 1 },
      { id: 'privacy', title: 'Privacy notice', text: 'We keep even less.', revision: 5 },
      { id: 'cookies', title: 'Cookies', text: 'One cookie.', revision: 1 },
    ]);
    const retitled = withLicenceRevisions(previous, [{ ...previous[0]!, title: 'EULA' }]);
    expect(retitled[0]?.revision).toBe(2);
  });
});
