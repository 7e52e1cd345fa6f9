import type { InventoryResponse } from '@ecc/contracts';
import { formatAnswerMass } from '@ecc/domain';
import { expectRouteTitle } from '../support/app-shell.ts';
import { expect, test } from '../support/fixtures.ts';
import { PAID_DEMO_REALM } from '../support/realms.ts';

test.use({ realm: PAID_DEMO_REALM, isSignedIn: true });

/*
 * The assistant on the paid demo realm (plan paid, flag ai-assistant): a question answered with the inventory
 * API's figure, streamed into the page, kept as a conversation; a citation followed to the facility's trail of
 * records; the conversation deleted after a confirmation.
 */

test('the assistant answers from the inventory and its citation leads to the records', async ({ page }) => {
  // Two steps across two pages on a shared machine.
  test.setTimeout(90_000);
  const question = 'What were our Scope 1 emissions in 2024?';
  await page.goto('/context-ai');
  await expectRouteTitle(page, 'AI assistant');
  await expect(page.getByRole('heading', { name: 'Ask about your emissions' })).toBeVisible();

  const inventory = await page.evaluate(async () => {
    const response = await fetch('/api/reports/inventory?year=2024');
    if (!response.ok) throw new Error(`The inventory answered ${response.status}`);
    return (await response.json()) as InventoryResponse;
  });
  const scope1 = formatAnswerMass(inventory.scope1.co2e);

  await test.step('Enter asks; the answer states the inventory’s Scope 1 figure with its facts', async () => {
    const field = page.getByLabel('Question');
    await field.fill(question);
    await field.press('Enter');
    const messages = page.getByRole('list', { name: 'Messages' });
    await expect(messages).toContainText(`Scope 1 emissions in 2024 were ${scope1}.`);
    // The server has no model configured here: the answer says it is the offline assistant's.
    await expect(messages).toContainText('Written from your records by the offline assistant');
    await expect(messages.getByRole('table', { name: 'Facts' })).toContainText('Scope 1 emissions, 2024');
    await expect(
      page
        .getByRole('navigation', { name: 'Conversations' })
        .getByRole('button', { name: question, exact: true })
        .first(),
    ).toBeVisible();
    await expect(field).toHaveValue('');
  });

  await test.step('a citation opens the facility’s trail of records', async () => {
    const sources = page.getByRole('navigation', { name: 'Sources of this answer' });
    const trail = sources.getByRole('link', { name: /^Trail of / }).first();
    await trail.click();
    await expect(page).toHaveURL(/\/facility\/next\/[a-z0-9-]+\?year=2024&trail=scope-1/);
    const sheet = page.getByRole('dialog', { name: 'Trail: Scope 1 2024' });
    await expect(sheet.getByRole('heading', { name: 'Records' })).toBeVisible();
    await expect(sheet.getByTestId('trail-factors')).toBeVisible();
  });

  await test.step('the conversation is deleted after a confirmation', async () => {
    await page.goto('/context-ai');
    const conversations = page.getByRole('navigation', { name: 'Conversations' });
    const deleteButton = conversations
      .getByRole('button', { name: `Delete conversation "${question}"` })
      .first();
    await expect(deleteButton).toBeVisible();
    const before = await conversations.getByRole('button', { name: /^Delete conversation/ }).count();
    await deleteButton.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete conversation' }).click();
    await expect(conversations.getByRole('button', { name: /^Delete conversation/ })).toHaveCount(before - 1);
  });
});
