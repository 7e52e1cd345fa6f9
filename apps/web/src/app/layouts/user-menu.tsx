import { Button } from '@ecc/ui';
import { Link } from '@tanstack/react-router';
import { ChevronDownIcon, CircleUserRoundIcon, InfoIcon, LogOutIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useCurrentUser, useSession } from '../../lib/session/session-queries.ts';
import { userDisplayName } from '../../lib/session/user-display-name.ts';

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground [&_svg]:size-4';

/** The signed-in user's menu (profile, about, sign out); a sign-in link when signed out. Keyboard operable. */
export function UserMenu() {
  const { session, isLoggedIn } = useSession();
  const user = useCurrentUser(isLoggedIn);
  if (!isLoggedIn) {
    return (
      <Button asChild variant="outline" size="sm">
        <Link to="/login">Sign in</Link>
      </Button>
    );
  }
  const name = userDisplayName(user, session);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Account menu for ${name}`}>
          <CircleUserRoundIcon aria-hidden="true" />
          <span className="hidden max-w-48 truncate sm:inline">{name}</span>
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="bg-popover text-popover-foreground z-50 min-w-56 rounded-md border p-1 shadow-md"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-sm">
            <span className="block font-medium">{name}</span>
            {session?.email && session.email !== name ? (
              <span className="text-muted-foreground block text-xs">{session.email}</span>
            ) : null}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="bg-border my-1 h-px" />
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/profile">
              <CircleUserRoundIcon aria-hidden="true" />
              Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/about">
              <InfoIcon aria-hidden="true" />
              About
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="bg-border my-1 h-px" />
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/logout">
              <LogOutIcon aria-hidden="true" />
              Sign out
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
