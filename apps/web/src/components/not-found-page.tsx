import { pageNotFoundMessage } from '@ecc/contracts';
import { useLocation } from '@tanstack/react-router';
import { ErrorPage } from './error-page.tsx';

/** Unknown routes: a 404 with 'Page not found' followed by the path (spec section 2). */
export function NotFoundPage() {
  const pathname = useLocation({ select: (location) => location.pathname });
  return <ErrorPage error={{ statusCode: 404, message: pageNotFoundMessage(pathname) }} />;
}
