import { expectPathname, expectRouteTitle, signInWithForm } from '../support/app-shell.ts';
import { expect, test } from '../support/fixtures.ts';
import { DEMO_REALM } from '../support/realms.ts';

const ADMIN = { email: 'admin@example.com', password: 'admin-password' };

test.use({ realm: DEMO_REALM });

test('the administrator sees the realm’s users, adds a grant to the member role and deletes it again', async ({
  page,
}) => {
  await page.goto('/login');
  await signInWithForm(page, ADMIN);
  await expectPathname(page, '/');
  await page.goto('/admin/realm');
  await expectRouteTitle(page, 'Realm administration');

  const users = page.getByRole('table', { name: 'Users of this realm' });
  await expect(users.getByRole('rowheader', { name: 'demo@example.com' })).toBeVisible();
  await expect(users.getByRole('rowheader', { name: 'admin@example.com' })).toBeVisible();

  await page.getByRole('tab', { name: 'Roles & grants' }).click();
  // A distinct id pattern, so the grant of this run is told from any earlier run's.
  const idPattern = `e2e-${Date.now()}`;
  const form = page.getByRole('form', { name: 'Add a grant to Member' });
  await form.getByLabel('Subject').selectOption('Report');
  await form.getByLabel('Action').selectOption('delete');
  await form.getByLabel('Id pattern').fill(idPattern);
  await form.getByRole('button', { name: 'Add grant' }).click();

  const grants = page.getByRole('table', { name: 'Grants of Member' });
  const row = grants.getByRole('row').filter({ hasText: idPattern });
  await expect(row).toContainText('Report');
  await expect(row).toContainText('delete');

  await row.getByRole('button', { name: 'Delete the grant delete Report of Member' }).click();
  await page.getByRole('button', { name: 'Delete grant' }).click();
  await expect(row).toHaveCount(0);
});
