import { authEndpoints, endpointUrl } from '@ecc/contracts';
import { Alert, AlertDescription, Button, Card, CardContent, CardHeader, FormField, Input } from '@ecc/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isTimeoutError } from '#lib/api/api-client.ts';
import { isApiResponseError } from '#lib/api/api-response-error.ts';
import { usePublicPageData } from '#lib/payload/public-page-payload.ts';
import { DEFAULT_LOGO_PATH } from '#lib/realm/realm-branding.ts';
import { useApplication, useRealm } from '#lib/realm/realm-queries.ts';
import { postLoginTarget } from '#lib/session/post-login-target.ts';
import { createRedirectCookie } from '#lib/session/redirect-cookie.ts';
import { login } from '#lib/session/session-queries.ts';
import { useSignInForm } from './use-sign-in-form.ts';

/** The server's words when it answered (e.g. 'Invalid username or password'), else what the user can do. */
export function loginErrorMessage(error: unknown): string {
  if (isApiResponseError(error)) return error.message;
  if (isTimeoutError(error)) return 'The server took too long to answer. Try again in a moment.';
  return 'Could not reach the server. Check your connection and try again.';
}

/** Where a sign-in strategy's button leads: the server starts the provider's flow there. */
export function strategyStartPath(strategyId: string): string {
  return endpointUrl(authEndpoints.oidcStart, { strategyId });
}

/** The message the server's OIDC callback left in `?error=` when a provider sign-in failed. */
function providerSignInError(): string | undefined {
  return new URLSearchParams(window.location.search).get('error') ?? undefined;
}

export function LoginPage() {
  const realm = useRealm();
  const application = useApplication();
  const data = usePublicPageData('/login', realm);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // A failed provider sign-in comes back with its message; the next attempt replaces it.
  const [providerError, setProviderError] = useState<string | undefined>(providerSignInError);
  const { field, onSubmit, errors, formError, isSubmitting } = useSignInForm(async (credentials) => {
    setProviderError(undefined);
    try {
      await login(queryClient, credentials);
    } catch (error) {
      throw isApiResponseError(error) ? error : new Error(loginErrorMessage(error));
    }
    await navigate({ href: postLoginTarget(createRedirectCookie(), application), replace: true });
  });
  const errorMessage = formError ?? providerError;

  const logo = data?.login.logo ?? data?.logo ?? DEFAULT_LOGO_PATH;
  return (
    <Card className="w-full max-w-sm shadow-lg">
      <CardHeader className="justify-items-center gap-3 text-center">
        <img src={logo} alt="" className="h-12 w-auto" />
        <p className="text-muted-foreground text-sm" data-testid="login-realm-name">
          {data?.realm.name ?? '\u00a0'}
        </p>
        <h1 className="text-xl font-semibold tracking-tight">Sign in</h1>
      </CardHeader>
      <CardContent className="grid gap-6">
        {errorMessage ? (
          <Alert kind="error">
            <AlertDescription>{errorMessage}</AlertDescription>
          </Alert>
        ) : null}
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="grid gap-4"
          aria-label="Sign in"
        >
          <FormField label="Email" error={errors.username}>
            <Input autoComplete="username" inputMode="email" autoFocus {...field('username')} />
          </FormField>
          <FormField label="Password" error={errors.password}>
            <Input type="password" autoComplete="current-password" {...field('password')} />
          </FormField>
          <Button type="submit" size="lg" className="w-full" isLoading={isSubmitting}>
            Sign in
          </Button>
        </form>
        {data && data.strategies.length > 0 ? (
          <section aria-labelledby="login-strategies" className="grid gap-2">
            <h2
              id="login-strategies"
              className="text-muted-foreground text-center text-xs tracking-wide uppercase"
            >
              Or continue with
            </h2>
            {data.strategies.map((strategy) => (
              <Button key={strategy.id} asChild variant="outline" className="w-full">
                <a href={strategyStartPath(strategy.id)}>Sign in with {strategy.name}</a>
              </Button>
            ))}
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
