import { TooltipProvider } from '@ecc/ui';
import { PageOutlet } from './page-outlet.tsx';
import { SkipLink } from './skip-link.tsx';

/** Nothing but the page, inside the tooltips' provider (the sign-in layout, which paints first, has none). */
export function BlankLayout() {
  return (
    <TooltipProvider>
      <div className="min-h-dvh" data-layout="blank">
        <SkipLink />
        <main id="main-content" tabIndex={-1} className="focus:outline-none">
          <PageOutlet />
        </main>
      </div>
    </TooltipProvider>
  );
}
