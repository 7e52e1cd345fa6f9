import type { CSSProperties } from 'react';
import { useRealm } from '../../lib/realm/realm-queries.ts';
import { usePublicPageData } from '../../lib/payload/public-page-payload.ts';
import { loginBackground } from '../../lib/theme/login-background.ts';
import { PageOutlet } from './page-outlet.tsx';
import { SkipLink } from './skip-link.tsx';

/** The login page's payload carries the realm's login background; /logout shares this layout and its look. */
const LOGIN_PAYLOAD_PATH = '/login';

/** Dark (the root shell sets the colour mode for this layout), with the theme's login background on wide screens. */
export function LoginLayout() {
  const data = usePublicPageData(LOGIN_PAYLOAD_PATH, useRealm());
  const background = data?.login.background;
  return (
    <div
      className="bg-background text-foreground min-h-dvh lg:[background:var(--login-background)]"
      data-layout="login"
      style={
        background
          ? ({
              '--login-background': loginBackground(background, data.login.backgroundPosition),
            } as CSSProperties)
          : undefined
      }
    >
      <SkipLink />
      <main
        id="main-content"
        tabIndex={-1}
        className="flex min-h-dvh items-center justify-center p-6 focus:outline-none lg:w-1/2"
      >
        <PageOutlet />
      </main>
    </div>
  );
}
