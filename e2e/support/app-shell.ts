import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { Credentials } from './realms.ts';

/** Every page of the shell shows its route title as the page's main heading. */
export function pageHeading(page: Page, title: string): Locator {
  return page.getByRole('heading', { level: 1, name: title, exact: true });
}

/** Radix's toast viewport: a landmark region labelled with its hotkey. */
export function toastRegion(page: Page): Locator {
  return page.getByRole('region', { name: /Notifications/ });
}

export function visibleToasts(page: Page): Locator {
  return toastRegion(page).getByRole('listitem');
}

export async function expectPathname(page: Page, pathname: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === pathname);
}

export async function signInWithForm(page: Page, { email, password }: Credentials): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
