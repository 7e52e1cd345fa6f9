import { Tabs } from 'radix-ui';
import { PageHeader } from '#components/page-header.tsx';
import { useCan } from '#lib/permissions/use-ability.ts';
import { useRealm } from '#lib/realm/realm-queries.ts';
import { LegalPanel } from './legal-panel.tsx';
import { RolesPanel } from './roles-panel.tsx';
import { SettingsPanel } from './settings-panel.tsx';
import { ThemePanel } from './theme-panel.tsx';
import { UsersPanel } from './users-panel.tsx';

const TAB_CLASSES =
  'border-b-2 border-transparent px-4 py-2 text-sm font-medium text-muted-foreground data-[state=active]:border-primary data-[state=active]:text-foreground focus-visible:outline-2 focus-visible:outline-ring';

/** Panels with edits of their own stay mounted while another tab shows, so switching tabs loses nothing. */
const KEPT_PANEL_CLASSES = 'data-[state=inactive]:hidden';

/**
 * /admin/realm: the realm's users and their role, its roles and the grants they hold, its theme, legal texts and
 * GWP set (issue 3, item 11). The settings tabs show to those who may read them; the server decides the rest.
 */
export function RealmAdminPage() {
  const realmId = useRealm()?.id;
  const canReadTheme = useCan('read', 'Theme');
  const canReadRealm = useCan('read', 'Realm');
  return (
    <>
      <PageHeader
        title="Realm administration"
        description="Who belongs to the realm, what each role may do, and how the realm looks and reports."
      />
      <Tabs.Root defaultValue="users" className="grid gap-6">
        <Tabs.List aria-label="Realm administration" className="flex flex-wrap border-b">
          <Tabs.Trigger value="users" className={TAB_CLASSES}>
            Users
          </Tabs.Trigger>
          <Tabs.Trigger value="roles" className={TAB_CLASSES}>
            Roles &amp; grants
          </Tabs.Trigger>
          {canReadTheme && (
            <Tabs.Trigger value="theme" className={TAB_CLASSES}>
              Theme
            </Tabs.Trigger>
          )}
          {canReadRealm && (
            <>
              <Tabs.Trigger value="legal" className={TAB_CLASSES}>
                Legal
              </Tabs.Trigger>
              <Tabs.Trigger value="settings" className={TAB_CLASSES}>
                Settings
              </Tabs.Trigger>
            </>
          )}
        </Tabs.List>
        <Tabs.Content value="users">
          <UsersPanel />
        </Tabs.Content>
        <Tabs.Content value="roles">
          <RolesPanel />
        </Tabs.Content>
        {realmId && canReadTheme && (
          <Tabs.Content value="theme" forceMount className={KEPT_PANEL_CLASSES}>
            <ThemePanel realmId={realmId} />
          </Tabs.Content>
        )}
        {realmId && canReadRealm && (
          <>
            <Tabs.Content value="legal" forceMount className={KEPT_PANEL_CLASSES}>
              <LegalPanel realmId={realmId} />
            </Tabs.Content>
            <Tabs.Content value="settings" forceMount className={KEPT_PANEL_CLASSES}>
              <SettingsPanel realmId={realmId} />
            </Tabs.Content>
          </>
        )}
      </Tabs.Root>
    </>
  );
}
