import { useEffect } from 'react';
import { isBotUserAgent } from '@ecc/domain';
import { errorPageText, type AppError } from '../lib/errors/to-app-error.ts';

export interface ErrorPageProps {
  error: AppError;
  userAgent?: string;
}

/** The error page of spec section 2. Bots get nothing rendered; the error is only logged for them. */
export function ErrorPage({ error, userAgent = navigator.userAgent }: ErrorPageProps) {
  const isBot = isBotUserAgent(userAgent);
  useEffect(() => {
    if (isBot) console.error(error);
  }, [isBot, error]);
  if (isBot) return null;

  const { statusCode, title, message } = errorPageText(error);
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="bg-background text-foreground flex min-h-dvh flex-col items-center justify-center gap-4 px-6 py-16 text-center"
    >
      <p className="text-muted-foreground text-7xl font-semibold tabular-nums" aria-hidden="true">
        {statusCode}
      </p>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {message && message !== title ? (
        <p className="text-muted-foreground max-w-prose" data-testid="error-message">
          {message}
        </p>
      ) : null}
      <a
        href="/"
        className="text-primary focus-visible:ring-ring rounded-sm font-medium underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:outline-none"
      >
        Go to the home page
      </a>
    </main>
  );
}
