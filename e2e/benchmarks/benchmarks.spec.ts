import { ghgrpSheetFacilities } from '../../scripts/test-support/ghgrp-sheet-witness.mjs';
import { expectPathname, visibleToasts } from '../support/app-shell.ts';
import { expect, test } from '../support/fixtures.ts';
import { EPA_REALM, SIMPLE_REALM } from '../support/realms.ts';

/** A coal and gas plant in Texas (GHGRP 1006868), one of 1,244 facilities of NAICS 221112. */
const SUBJECT = { id: '1006868', name: 'W A Parish' };

/** The subject's 6-digit NAICS peers and its percentile among them, computed here from the CSV as the witness. */
function expectedRank(): { peerCount: number; percentile: number } {
  const facilities = ghgrpSheetFacilities();
  const subject = facilities.find((facility) => facility.id === SUBJECT.id)!;
  const peers = facilities.filter(
    (facility) => facility.id !== SUBJECT.id && facility.naics === subject.naics,
  );
  const lower = peers.filter((peer) => peer.co2eKg < subject.co2eKg).length;
  return { peerCount: peers.length, percentile: (lower / peers.length) * 100 };
}

test.describe('benchmarks: a GHGRP facility among its public peers', () => {
  test.use({ realm: EPA_REALM, isSignedIn: true });

  test('the facility is picked with the keyboard and shown among its NAICS peers', async ({ page }) => {
    // Several pages of 1,243 peers and then the realm's 6,514 facilities, on a machine other runs share.
    test.setTimeout(90_000);
    const expected = expectedRank();
    await page.goto('/benchmarks');
    await expect(page.getByRole('heading', { level: 1, name: 'Benchmarks' })).toBeVisible();
    await expect(page.getByText('Choose a facility')).toBeVisible();

    await test.step('search the realm’s facilities and choose one with the keyboard', async () => {
      const picker = page.getByRole('combobox', { name: 'Facility' });
      await picker.fill(SUBJECT.name);
      // The search runs once typing pauses: its answer lists the facility first.
      await expect(page.getByRole('option').first()).toHaveText(new RegExp(`^${SUBJECT.name}`));
      await picker.press('ArrowDown');
      await picker.press('Enter');
      await expect(page).toHaveURL(/[?&]facility=[0-9a-f-]{36}/);
    });

    await test.step('the tiles give its percentile and the peers’ quartiles', async () => {
      await expect(page.getByTestId('benchmark-basis')).toContainText(
        `${SUBJECT.name} in 2020 against public peers of the same 6-digit NAICS code (EPA GHGRP 2020)`,
      );
      const ordinal = Math.round(expected.percentile);
      await expect(page.getByTestId('benchmark-percentile')).toHaveText(
        new RegExp(`^${ordinal}(st|nd|rd|th)$`),
      );
      await expect(page.getByTestId('benchmark-range')).toHaveText(
        `${expected.peerCount.toLocaleString('en-US')} peers`,
      );
      await expect(page.getByTestId('benchmark-median')).toHaveText(/ t CO2e$/);
    });

    await test.step('the distribution marks the facility among its peers', async () => {
      const distribution = page.getByRole('region', { name: 'Distribution' });
      await expect(distribution.getByTestId('mass-chart-drawing').locator('svg path').first()).toBeAttached();
      await distribution.getByRole('button', { name: 'Show table' }).click();
      await expect(
        distribution.getByRole('rowheader', { name: `${SUBJECT.name} (this facility)` }),
      ).toBeVisible();
    });

    await test.step('the peer table lists every peer a page at a time, without the facility itself', async () => {
      const peers = page.getByRole('region', { name: /^Peers/ });
      await expect(
        peers.getByRole('heading', { name: `Peers (${expected.peerCount.toLocaleString('en-US')})` }),
      ).toBeVisible();
      await expect(peers.getByText(`1–50 of ${expected.peerCount}`)).toBeVisible();
      // Lowest first to begin with, as in the chart; the header turns the order round.
      await peers.getByRole('button', { name: 'CO2e ↑' }).click();
      await expect(peers.getByRole('columnheader', { name: 'CO2e ↓' })).toHaveAttribute(
        'aria-sort',
        'descending',
      );
      await expect(peers.getByRole('table').getByText(`GHGRP ${SUBJECT.id}`)).toHaveCount(0);
      await expect(peers.getByRole('button', { name: 'Export peers' })).toBeVisible();
    });

    await test.step('the realm’s own facilities are another basis', async () => {
      await page.getByLabel('Peers', { exact: true }).selectOption('realm');
      await expect(page.getByTestId('benchmark-basis')).toContainText('against the realm’s other facilities');
    });
  });
});

test.describe('benchmarks: the plan rule', () => {
  test.use({ realm: SIMPLE_REALM, isSignedIn: true });

  test('a plan without benchmarks is sent to the launcher', async ({ page }) => {
    await page.goto('/benchmarks');
    await expectPathname(page, '/launcher');
    const toast = visibleToasts(page).filter({ hasText: 'Benchmarks is not part of your plan' });
    await expect(toast).toHaveCount(1);
    await expect(page.getByRole('main').getByRole('link', { name: /Benchmarks/ })).toHaveCount(0);
  });
});
