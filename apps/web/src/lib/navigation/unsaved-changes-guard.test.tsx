import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx';

function Editor() {
  const [isDirty, setIsDirty] = useState(false);
  return (
    <>
      <h1>Editor</h1>
      <button type="button" onClick={() => setIsDirty(true)}>
        Edit
      </button>
      <UnsavedChangesGuard isDirty={isDirty} />
      <Link to="/elsewhere">Elsewhere</Link>
      <Link to="/logout">Sign out</Link>
    </>
  );
}

function renderApp() {
  const rootRoute = createRootRoute({ component: Outlet });
  const page = (path: string, title: string) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: () => <h1>{title}</h1> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({ getParentRoute: () => rootRoute, path: '/', component: Editor }),
      page('/elsewhere', 'Elsewhere page'),
      page('/logout', 'Signed out'),
    ]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
}

describe('the unsaved changes guard', () => {
  it('lets the user leave freely while nothing is changed', async () => {
    renderApp();
    await userEvent.click(await screen.findByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeTruthy();
  });

  it('asks before leaving with changes: staying keeps the page, confirming leaves', async () => {
    renderApp();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.getByRole('heading', { name: 'Editor' })).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }),
    );
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeTruthy();
  });

  it('never holds up signing out', async () => {
    renderApp();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('link', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Signed out' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
