import { TooltipProvider } from '@ecc/ui';
import { useSession } from '../../lib/session/session-queries.ts';
import { AppHeader } from './app-header.tsx';
import { FeatureNav } from './feature-nav.tsx';
import { PageOutlet } from './page-outlet.tsx';
import { SkipLink } from './skip-link.tsx';

/** The layout named 'default': header with the realm and the user menu, feature navigation, the page. */
export function DefaultLayout() {
  const { isLoggedIn } = useSession();
  return (
    <TooltipProvider>
      <div className="flex min-h-dvh flex-col" data-layout="default">
        <SkipLink />
        <AppHeader />
        <div className="flex flex-1">
          {/* Only the page is printed: the report's print view is the report. */}
          {isLoggedIn ? (
            <aside className="hidden w-60 shrink-0 border-r p-3 md:block print:hidden!">
              <FeatureNav className="sticky top-17" />
            </aside>
          ) : null}
          <main
            id="main-content"
            tabIndex={-1}
            className="min-w-0 flex-1 p-4 focus:outline-none sm:p-6 lg:p-8"
          >
            <PageOutlet />
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
