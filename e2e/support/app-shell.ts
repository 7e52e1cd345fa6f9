import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { Credentials } from './realms.ts';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Every page names its route in the document title: the route title, one separator mark, the product name.
 * The separator keeps 'Knowledge graph' from matching 'Knowledge graph 3D'.
 */
export async function expectRouteTitle(page: Page, title: string): Promise<void> {
  // The specification's default page title.
  const product = escapeRegExp('Emissions Control Center');
  await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(title)}\\s*[^\\w\\s]\\s*${product}$`));
}

/** Matches a plan's display name as a whole word, case-sensitively ('Core' is not 'Outer core'). */
export function wholeWord(text: string): RegExp {
  return new RegExp(`(^|\\W)${escapeRegExp(text)}(\\W|$)`);
}

/** Radix's toast viewport: a landmark region labelled with its hotkey. */
export function toastRegion(page: Page): Locator {
  return page.getByRole('region', { name: /Notifications/ });
}

/** The open toasts (Radix renders each as a list item of the viewport). */
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
