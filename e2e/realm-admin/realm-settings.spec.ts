import type { Browser, Page } from '@playwright/test';
import { expectPathname, expectRouteTitle, signInWithForm, visibleToasts } from '../support/app-shell.ts';
import { expect, test } from '../support/fixtures.ts';
import { SETTINGS_REALM, setupUser, type Credentials } from '../support/realms.ts';

const ADMIN = setupUser(SETTINGS_REALM, 'admin@settings.test');

test.use({ realm: SETTINGS_REALM });

/** A colour of this run's own, so a retry on the same server still makes a change. */
function runColour(): { hex: string; rgb: string } {
  const value = Date.now() % 0xffffff;
  const [red, green, blue] = [16, 8, 0].map((shift) => (value >> shift) & 0xff);
  return { hex: `#${value.toString(16).padStart(6, '0')}`, rgb: `rgb(${red}, ${green}, ${blue})` };
}

/** Signs in through the login form; a user with a licence to accept accepts it first and goes on home. */
async function signIn(page: Page, credentials: Credentials): Promise<void> {
  await page.goto('/login');
  await signInWithForm(page, credentials);
  await expect(page).toHaveURL((url) => url.pathname === '/' || url.pathname === '/agreement');
  await page.goto('/launcher');
  // The licence guard decides on the client: wait until one of the two pages has rendered.
  await expect(page).toHaveTitle(/^(Launcher|Agreements) /);
  if (new URL(page.url()).pathname === '/agreement') await acceptLicences(page);
  await expectPathname(page, '/launcher');
  await expectRouteTitle(page, 'Launcher');
}

async function acceptLicences(page: Page): Promise<void> {
  await page.getByLabel(/I have read and accept/).check();
  await page.getByRole('button', { name: 'Accept and continue' }).click();
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: SETTINGS_REALM.origin });
  return context.newPage();
}

test('an administrator themes the realm with a live preview, changes a licence and the GWP set, and recalculates', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const member = await newPage(browser);
  await test.step('the member has accepted the realm’s licence', async () => {
    await signIn(member, SETTINGS_REALM.member);
  });

  await signIn(page, ADMIN);
  await page.goto('/admin/realm');
  await expectRouteTitle(page, 'Realm administration');

  const colour = runColour();
  await test.step('the primary colour changes in the preview, then in the app once saved', async () => {
    await page.getByRole('tab', { name: 'Theme' }).click();
    const preview = page.getByRole('region', { name: 'Live preview' });
    const previewButton = preview.getByRole('button', { name: 'Default', exact: true });
    await expect(previewButton).toBeVisible();
    const primary = page.getByLabel('Primary', { exact: true });
    await primary.fill(colour.hex);
    await expect(previewButton).toHaveCSS('background-color', colour.rgb);
    // Only the preview: the page's own buttons keep the saved theme until it is saved.
    const save = page.getByRole('button', { name: 'Save theme' });
    await expect(save).not.toHaveCSS('background-color', colour.rgb);

    await save.click();
    await expect(visibleToasts(page).filter({ hasText: 'Theme saved' })).toBeVisible();
    await expect(save).toHaveCSS('background-color', colour.rgb);
    await page.reload();
    await expectRouteTitle(page, 'Realm administration');
    await expect
      .poll(() =>
        page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim()),
      )
      .toBe(colour.hex);
  });

  await test.step('an invalid hex colour is named at its field and not saved', async () => {
    await page.getByRole('tab', { name: 'Theme' }).click();
    const ring = page.getByLabel('Ring', { exact: true });
    await ring.fill('teal');
    await ring.blur();
    await expect(page.getByText('Invalid hex color')).toBeVisible();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click();
    await expect(page.getByText('Invalid hex color')).toHaveCount(0);
  });

  await test.step('the realm moves to another GWP set with every result recalculated on it', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    const sets = ['AR4', 'AR5', 'AR6'];
    let current = '';
    for (const set of sets) {
      if (await page.getByRole('radio', { name: new RegExp(`^${set}`) }).isChecked()) current = set;
    }
    const chosen = sets.find((set) => set !== current) ?? 'AR6';
    await page.getByRole('radio', { name: new RegExp(`^${chosen}`) }).check();
    await page.getByRole('button', { name: 'Save GWP set' }).click();
    await expect(
      visibleToasts(page).filter({ hasText: `Recalculating every result on ${chosen}` }),
    ).toBeVisible();
    // The realm reports on its set until the recalculation completes, then on the new one.
    await expect(page.getByText(`Every figure of the realm is on ${chosen}.`)).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Recalculate all emissions now' }).click();
    await expect(page.getByRole('progressbar', { name: 'Recalculation progress' })).toBeVisible();
    await expect(page.getByText(/— completed/)).toBeVisible({ timeout: 30_000 });
  });

  const wording = `Use this realm for its tests only (reworded ${Date.now()}).`;
  await test.step('a reworded licence is saved in its next revision', async () => {
    await page.getByRole('tab', { name: 'Legal' }).click();
    await expect(
      page.getByText(/a licence whose title or text you change, is shown to them on the agreement page/),
    ).toBeVisible();
    const licence = page.getByRole('listitem').filter({ hasText: 'Settings realm licence' });
    const revision = Number(
      (await licence.getByText(/^Revision \d+$/).textContent())?.replace('Revision ', ''),
    );
    await licence.getByLabel('Text').fill(wording);
    await page.getByRole('button', { name: 'Save legal texts' }).click();
    await expect(licence.getByText(`Revision ${revision + 1}`)).toBeVisible();
  });

  await test.step('the member is sent to accept the reworded licence on their next sign-in', async () => {
    await member.goto('/logout');
    await expectPathname(member, '/login');
    await signInWithForm(member, SETTINGS_REALM.member);
    // Home is where sign-in goes; the licence guard sends the member on to accept the new wording first.
    await expectPathname(member, '/agreement');
    await expect(member.getByText(wording)).toBeVisible();
    await acceptLicences(member);
    await expectPathname(member, '/');
    // The member's app carries the realm's theme too.
    await expect
      .poll(() =>
        member.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--primary').trim(),
        ),
      )
      .toBe(colour.hex);
  });
  await member.context().close();
});
