import type { Page } from '@playwright/test';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { DEMO_REALM } from '../support/realms.ts';

const ADMINISTRATOR = { email: 'admin@example.com', password: 'admin-password' };

/*
 * The browser shows only the controls the user's grants allow (the server still enforces them): a demo member may
 * edit equipment but not delete it; the realm's administrator may do both.
 */
async function firstEquipmentViewPath(page: Page): Promise<string> {
  const item = await page.evaluate(async () => {
    const response = await fetch('/api/equipment');
    const body = (await response.json()) as { results: { id: string; typeKey: string; name: string }[] };
    return body.results[0];
  });
  expect(item, 'the demo realm has seeded equipment').toBeDefined();
  return `/equipment-manager/${item!.typeKey}/${item!.id}/view`;
}

test('a member sees no Delete on an equipment item, while the administrator does', async ({ browser }) => {
  const memberContext = await browser.newContext();
  const adminContext = await browser.newContext();
  try {
    const member = await memberContext.newPage();
    await signInThroughApi(member, DEMO_REALM);
    const path = await firstEquipmentViewPath(member);
    await member.goto(`${DEMO_REALM.origin}${path}`);
    // Edit appears once the member's abilities have loaded, so Delete's absence is the answer, not a race.
    await expect(member.getByRole('link', { name: 'Edit' })).toBeVisible();
    await expect(member.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    const admin = await adminContext.newPage();
    await signInThroughApi(admin, DEMO_REALM, ADMINISTRATOR);
    await admin.goto(`${DEMO_REALM.origin}${path}`);
    await expect(admin.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expect(admin.getByRole('link', { name: 'Edit' })).toBeVisible();
  } finally {
    await memberContext.close();
    await adminContext.close();
  }
});
