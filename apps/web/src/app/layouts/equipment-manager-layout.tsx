import { TooltipProvider } from '@ecc/ui';
import { Link } from '@tanstack/react-router';
import { AppHeader } from './app-header.tsx';
import { PageOutlet } from './page-outlet.tsx';
import { SkipLink } from './skip-link.tsx';

const tabClasses =
  'rounded-md px-3 py-1.5 text-sm text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';
const activeTabClasses = 'bg-secondary font-medium text-secondary-foreground';

/** The equipment manager's own frame: the app header and the manager's sections. */
export function EquipmentManagerLayout() {
  return (
    <TooltipProvider>
      <div className="flex min-h-dvh flex-col" data-layout="equipment-manager">
        <SkipLink />
        <AppHeader>
          <nav aria-label="Equipment manager" className="hidden items-center gap-1 sm:flex">
            <Link
              to="/equipment-manager"
              className={tabClasses}
              activeProps={{ className: activeTabClasses }}
              activeOptions={{ exact: true }}
            >
              Equipment
            </Link>
            <Link
              to="/equipment-manager/admin"
              className={tabClasses}
              activeProps={{ className: activeTabClasses }}
            >
              Equipment types
            </Link>
          </nav>
        </AppHeader>
        <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 p-4 focus:outline-none sm:p-6 lg:p-8">
          <PageOutlet />
        </main>
      </div>
    </TooltipProvider>
  );
}
