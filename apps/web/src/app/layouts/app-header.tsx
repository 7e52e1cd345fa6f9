import { Button } from '@ecc/ui';
import { Link } from '@tanstack/react-router';
import { MenuIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { routeLinkPath, useAllowedFeatures } from '../../lib/realm/allowed-features.ts';
import { useRealmBranding } from '../../lib/realm/realm-branding.ts';
import { useSession } from '../../lib/session/session-queries.ts';
import { UserMenu } from './user-menu.tsx';

/** Small screens have no room for the side navigation: the same links open from a menu button. */
function CompactFeatureMenu() {
  const features = useAllowedFeatures();
  const itemClasses =
    'block cursor-pointer rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground';
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open navigation" className="md:hidden">
          <MenuIcon aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="bg-popover text-popover-foreground z-50 max-h-[70dvh] min-w-56 overflow-y-auto rounded-md border p-1 shadow-md"
        >
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/">Home</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/launcher">Launcher</Link>
          </DropdownMenu.Item>
          {features.map((feature) => (
            <DropdownMenu.Item key={feature.id} asChild className={itemClasses}>
              <Link to={routeLinkPath(feature)}>{feature.title}</Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The realm's logo and name, navigation for small screens, an optional slot, and the user menu; not printed. */
export function AppHeader({ children }: { children?: ReactNode }) {
  const { name, logo } = useRealmBranding();
  const { isLoggedIn } = useSession();
  return (
    <header className="bg-background/95 sticky top-0 z-40 border-b backdrop-blur print:hidden">
      <div className="flex h-14 items-center gap-3 px-4">
        {isLoggedIn ? <CompactFeatureMenu /> : null}
        <Link
          to="/"
          className="focus-visible:ring-ring flex min-w-0 items-center gap-2 rounded-md font-semibold focus-visible:ring-2 focus-visible:outline-none"
        >
          <img src={logo} alt="" className="size-8 shrink-0" />
          <span className="truncate">{name}</span>
        </Link>
        <div className="flex-1">{children}</div>
        <UserMenu />
      </div>
    </header>
  );
}
