import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiResponseError } from '../lib/api/api-response-error.ts';
import { RealmNotFoundError, RouteValidationError } from '../lib/errors/app-errors.ts';
import { toAppError } from '../lib/errors/to-app-error.ts';
import { ErrorPage } from './error-page.tsx';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('the error page', () => {
  it("shows 'Page Not Found' for a 404, with the error's message", () => {
    render(<ErrorPage error={{ statusCode: 404, message: 'Page not found: /x' }} userAgent={BROWSER} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found');
    expect(screen.getByText('Page not found: /x')).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
  });

  it("shows 'Internal Server Error' and status 500 when the error names neither", () => {
    render(<ErrorPage error={{ message: 'Something broke' }} userAgent={BROWSER} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Internal Server Error');
    expect(screen.getByText('500')).toBeTruthy();
    expect(screen.getByText('Something broke')).toBeTruthy();
  });

  it('shows the status message of other errors', () => {
    render(
      <ErrorPage
        error={{ statusCode: 503, statusMessage: 'Service Unavailable', message: 'Down for maintenance' }}
        userAgent={BROWSER}
      />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Service Unavailable');
    expect(screen.getByText('503')).toBeTruthy();
    expect(screen.getByText('Down for maintenance')).toBeTruthy();
  });

  it('prefers 404 over any status message', () => {
    render(<ErrorPage error={{ statusCode: 404, statusMessage: 'Gone fishing' }} userAgent={BROWSER} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found');
  });

  it('renders nothing for a bot, and logs the error instead', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = { statusCode: 500, message: 'Something broke' };
    const { container } = render(<ErrorPage error={error} userAgent={GOOGLEBOT} />);
    expect(container.innerHTML).toBe('');
    expect(log).toHaveBeenCalledWith(error);
    log.mockRestore();
  });
});

describe('errors as the error page shows them', () => {
  it('shows a missing realm with the specification’s words', () => {
    expect(toAppError(new RealmNotFoundError())).toEqual({
      statusCode: 500,
      message: 'Could not find a realm on the server.',
    });
  });

  it('shows a failed route validation as a 404', () => {
    expect(toAppError(new RouteValidationError('/facility/next/X'))).toEqual({
      statusCode: 404,
      message: 'Page Not Found: /facility/next/X',
    });
  });

  it('shows an API error with its status, status text and message', () => {
    const error = new ApiResponseError(502, 'Bad Gateway', {
      statusCode: 502,
      error: 'Bad Gateway',
      message: 'Upstream down',
    });
    expect(toAppError(error)).toEqual({
      statusCode: 502,
      statusMessage: 'Bad Gateway',
      message: 'Upstream down',
    });
  });

  it('unwraps the router’s parameter error to its cause', () => {
    const wrapped = new Error('wrapped', { cause: new RouteValidationError('/equipment-manager/a/b/edit') });
    wrapped.name = 'PathParamError';
    expect(toAppError(wrapped)).toEqual({
      statusCode: 404,
      message: 'Page Not Found: /equipment-manager/a/b/edit',
    });
  });
});
