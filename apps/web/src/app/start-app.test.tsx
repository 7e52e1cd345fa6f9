import { PUBLIC_PAGE_PAYLOAD_ELEMENT_ID } from '@ecc/contracts';
import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setInlinePayload } from '../lib/payload/public-page-payload.ts';
import {
  createFakeFetch,
  createTestRealm,
  createTestTheme,
  jsonResponse,
  THEME_ID,
  type FakeServer,
} from '../test/fixtures.ts';
import { startApp } from './start-app.tsx';

let container: HTMLElement;
let consoleError: ReturnType<typeof vi.spyOn>;

async function start(path: string, server: FakeServer) {
  window.history.replaceState(null, '', path);
  vi.stubGlobal('fetch', vi.fn(createFakeFetch(server)));
  await act(async () => {
    await startApp(container);
  });
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  container.remove();
  document.getElementById(PUBLIC_PAGE_PAYLOAD_ELEMENT_ID)?.remove();
  setInlinePayload(undefined);
  consoleError.mockRestore();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('start-up', () => {
  it("shows 'Could not find a realm on the server.' when the server has no realm", async () => {
    await start('/', { realm: null });
    expect(await screen.findByText('Could not find a realm on the server.')).toBeTruthy();
    expect(consoleError).toHaveBeenCalledWith('Could not find a realm');
  });

  it("logs 'Error while mounting app' and shows the error page when start-up fails otherwise", async () => {
    await start('/', {
      extra: {
        '/api/config': () =>
          jsonResponse(
            503,
            { statusCode: 503, error: 'Service Unavailable', message: 'Starting up' },
            'Service Unavailable',
          ),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Service Unavailable' })).toBeTruthy();
    expect(screen.getByText('Starting up')).toBeTruthy();
    expect(consoleError).toHaveBeenCalledWith('Error while mounting app', expect.any(Error));
  });

  it('renders no error page for a bot, only the log', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (compatible; bingbot/2.0)');
    await start('/', { realm: null });
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Could not find a realm'));
    expect(container.textContent).toBe('');
  });

  it('paints the login page from the inlined payload before /api/config answers', async () => {
    const script = document.createElement('script');
    script.id = PUBLIC_PAGE_PAYLOAD_ELEMENT_ID;
    script.type = 'application/json';
    script.textContent = JSON.stringify({
      realm: { key: 'north', name: 'Northwind Utilities' },
      logo: '/brand/logo.svg',
      theme: createTestTheme(THEME_ID, 'Default', '#0f766e'),
      login: { logo: '/brand/logo.svg', background: '/brand/login-background.svg' },
      strategies: [{ id: 'okta', name: 'Okta' }],
    });
    document.body.appendChild(script);
    const realmNeverAnswers = () => new Promise<Response>(() => undefined) as unknown as Response;
    window.history.replaceState(null, '', '/login');
    vi.stubGlobal(
      'fetch',
      vi.fn(createFakeFetch({ session: null, extra: { '/api/config': realmNeverAnswers } })),
    );
    void startApp(container);

    expect(await screen.findByText('Northwind Utilities')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in with Okta' })).toBeTruthy();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.title).toBe('Sign in · Emissions Control Center');
    const layout = container.querySelector<HTMLElement>('[data-layout="login"]');
    expect(layout?.style.getPropertyValue('--login-background')).toBe(
      'url("/brand/login-background.svg") right 10% center/50% no-repeat var(--background)',
    );
  });

  it('mounts the app at the requested route once the realm is known', async () => {
    await start('/about', { realm: createTestRealm(), session: null });
    expect(await screen.findByRole('heading', { name: 'Emissions Control Center' })).toBeTruthy();
    expect(screen.getByText('View and manage emissions data for facilities.')).toBeTruthy();
    expect(await screen.findByText('Demo Energy Co.', { selector: 'dd' })).toBeTruthy();
    expect(document.title).toBe('About · Emissions Control Center');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'View and manage emissions data for facilities.',
    );
  });
});
