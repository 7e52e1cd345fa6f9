import { Tabs } from 'radix-ui';
import { PageHeader } from '#components/page-header.tsx';
import { RolesPanel } from './roles-panel.tsx';
import { UsersPanel } from './users-panel.tsx';

const TAB_CLASSES =
  'border-b-2 border-transparent px-4 py-2 text-sm font-medium text-muted-foreground data-[state=active]:border-primary data-[state=active]:text-foreground focus-visible:outline-2 focus-visible:outline-ring';

/** /admin/realm: the realm's users and their role, and its roles and the grants they hold (issue 3, item 11). */
export function RealmAdminPage() {
  return (
    <>
      <PageHeader
        title="Realm administration"
        description="Who belongs to the realm, which role each holds, and what each role may do."
      />
      <Tabs.Root defaultValue="users" className="grid gap-6">
        <Tabs.List aria-label="Realm administration" className="flex border-b">
          <Tabs.Trigger value="users" className={TAB_CLASSES}>
            Users
          </Tabs.Trigger>
          <Tabs.Trigger value="roles" className={TAB_CLASSES}>
            Roles &amp; grants
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="users">
          <UsersPanel />
        </Tabs.Content>
        <Tabs.Content value="roles">
          <RolesPanel />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
