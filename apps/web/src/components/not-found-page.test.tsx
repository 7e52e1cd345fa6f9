import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotFoundPage } from './not-found-page.tsx';

describe('the 404 page of an unknown route', () => {
  it("says 'Page not found' followed by the path", async () => {
    const rootRoute = createRootRoute({ notFoundComponent: NotFoundPage });
    const router = createRouter({
      routeTree: rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '/' })]),
      history: createMemoryHistory({ initialEntries: ['/x'] }),
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Page not found: /x')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found');
  });
});
