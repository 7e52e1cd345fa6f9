import { DEFAULT_LOGOUT_URL } from '@ecc/contracts';
import { Spinner } from '@ecc/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { navigateToUrl } from '#lib/navigation/navigate-to-url.ts';
import { logout } from '#lib/session/session-queries.ts';

/** Ends the session on the server, then goes where the server says (default /login). */
export function LogoutPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    let isCurrent = true;
    const navigateInternal = (path: string) => navigate({ href: path, replace: true });
    void logout(queryClient)
      .catch((error: unknown) => {
        console.error(error);
        return DEFAULT_LOGOUT_URL;
      })
      .then(async (url) => {
        if (!isCurrent) return;
        try {
          // The server may name an identity provider's sign-out page: an external address it explicitly allows.
          await navigateToUrl(url, { isExternalAllowed: true, replace: true, navigateInternal });
        } catch (error) {
          console.error(error);
          await navigateInternal(DEFAULT_LOGOUT_URL);
        }
      });
    return () => {
      isCurrent = false;
    };
  }, [queryClient, navigate]);

  return (
    <div className="text-muted-foreground flex items-center gap-3">
      <Spinner label="Signing out" />
      <h1 className="text-base font-normal">Signing out…</h1>
    </div>
  );
}
