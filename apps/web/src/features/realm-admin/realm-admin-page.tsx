import { isOperatorRealm } from '@ecc/domain';
import { Alert, AlertDescription, AlertTitle, Button } from '@ecc/ui';
import { Tabs } from 'radix-ui';
import { useRef, useState } from 'react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { useCan } from '#lib/permissions/use-ability.ts';
import { useRealm } from '#lib/realm/realm-queries.ts';
import { AuditLogPanel } from './audit-log-panel.tsx';
import { LoginStrategiesPanel } from './login-strategies-panel.tsx';
import { LegalPanel } from './legal-panel.tsx';
import { OrganisationPanel } from './organisation-panel.tsx';
import { RealmsPanel } from './realms-panel.tsx';
import { RolesPanel } from './roles-panel.tsx';
import { SettingsPanel } from './settings-panel.tsx';
import { ThemePanel } from './theme-panel.tsx';
import { UsersPanel } from './users-panel.tsx';

const TAB_CLASSES =
  'border-b-2 border-transparent px-4 py-2 text-sm font-medium text-muted-foreground data-[state=active]:border-primary data-[state=active]:text-foreground focus-visible:outline-2 focus-visible:outline-ring';

/** Panels with edits of their own stay mounted while another tab shows, so switching tabs loses nothing. */
const KEPT_PANEL_CLASSES = 'data-[state=inactive]:hidden';

/** The realm the realm-addressed tabs (Theme, Legal, Settings, Sign-in) work on. */
interface TargetRealm {
  id: string;
  key: string;
  name: string;
}

/**
 * /admin/realm (issue 3, item 11): the realm's users and their role, its roles and grants, its theme, legal
 * texts, GWP set and sign-in strategies, its organisation (business units, boundary, intensity denominators: always
 * the user's own realm), and for the platform operator's administrators every realm. An operator can pick another realm
 * to manage: the realm-addressed tabs then work on it, under a banner saying so.
 */
export function RealmAdminPage() {
  const ownRealm = useRealm();
  const canReadRealm = useCan('read', 'Realm');
  const canReadTheme = useCan('read', 'Theme');
  const canCreateRealm = useCan('create', 'Realm');
  const canReadAuditLog = useCan('read', 'AuditLog');
  const canReadFacility = useCan('read', 'Facility');
  const isOperator = ownRealm !== undefined && isOperatorRealm(ownRealm.key) && canCreateRealm;
  const [tab, setTab] = useState('users');
  const [managed, setManaged] = useState<TargetRealm>();
  const bannerTitle = useRef<HTMLDivElement>(null);
  const realmsTab = useRef<HTMLButtonElement>(null);

  const target: TargetRealm | undefined =
    managed ?? (ownRealm ? { id: ownRealm.id, key: ownRealm.key, name: ownRealm.name } : undefined);

  function manage(realm: TargetRealm) {
    setManaged({ id: realm.id, key: realm.key, name: realm.name });
    setTab('sign-in');
    // The banner appears with this render: announce it by moving focus there.
    requestAnimationFrame(() => bannerTitle.current?.focus());
  }

  function backToOwnRealm() {
    setManaged(undefined);
    setTab('realms');
    requestAnimationFrame(() => realmsTab.current?.focus());
  }

  return (
    <>
      <PageHeader
        title="Realm administration"
        description="Who belongs to the realm, what each role may do, how the realm looks and reports, how people sign in, and what changed when."
      />
      {managed && ownRealm && managed.id !== ownRealm.id ? (
        <Alert kind="primary" className="mb-6">
          <AlertTitle>
            <div ref={bannerTitle} tabIndex={-1} className="outline-none">
              Managing {managed.name} ({managed.key})
            </div>
          </AlertTitle>
          <AlertDescription className="grid gap-2">
            <span>
              Theme, Legal, Settings and Sign-in work on this realm. Users and Roles &amp; grants stay your
              own realm&apos;s.
            </span>
            <span>
              <Button variant="outline" size="sm" onClick={backToOwnRealm}>
                Back to {ownRealm.name}
              </Button>
            </span>
          </AlertDescription>
        </Alert>
      ) : null}
      <Tabs.Root value={tab} onValueChange={setTab} className="grid gap-6">
        <Tabs.List aria-label="Realm administration" className="flex flex-wrap border-b">
          <Tabs.Trigger value="users" className={TAB_CLASSES}>
            Users
          </Tabs.Trigger>
          <Tabs.Trigger value="roles" className={TAB_CLASSES}>
            Roles &amp; grants
          </Tabs.Trigger>
          {canReadTheme ? (
            <Tabs.Trigger value="theme" className={TAB_CLASSES}>
              Theme
            </Tabs.Trigger>
          ) : null}
          {canReadRealm ? (
            <>
              <Tabs.Trigger value="legal" className={TAB_CLASSES}>
                Legal
              </Tabs.Trigger>
              <Tabs.Trigger value="settings" className={TAB_CLASSES}>
                Settings
              </Tabs.Trigger>
            </>
          ) : null}
          {canReadRealm ? (
            <Tabs.Trigger value="sign-in" className={TAB_CLASSES}>
              Sign-in
            </Tabs.Trigger>
          ) : null}
          {canReadFacility ? (
            <Tabs.Trigger value="organisation" className={TAB_CLASSES}>
              Organisation
            </Tabs.Trigger>
          ) : null}
          {canReadAuditLog ? (
            <Tabs.Trigger value="audit-log" className={TAB_CLASSES}>
              Audit log
            </Tabs.Trigger>
          ) : null}
          {isOperator ? (
            <Tabs.Trigger ref={realmsTab} value="realms" className={TAB_CLASSES}>
              Realms
            </Tabs.Trigger>
          ) : null}
        </Tabs.List>
        <Tabs.Content value="users">
          <UsersPanel />
        </Tabs.Content>
        <Tabs.Content value="roles">
          <RolesPanel />
        </Tabs.Content>
        {target && canReadTheme ? (
          <Tabs.Content value="theme" forceMount className={KEPT_PANEL_CLASSES}>
            <ThemePanel key={target.id} realmId={target.id} />
          </Tabs.Content>
        ) : null}
        {target && canReadRealm ? (
          <>
            <Tabs.Content value="legal" forceMount className={KEPT_PANEL_CLASSES}>
              <LegalPanel key={target.id} realmId={target.id} />
            </Tabs.Content>
            <Tabs.Content value="settings" forceMount className={KEPT_PANEL_CLASSES}>
              <SettingsPanel key={target.id} realmId={target.id} />
            </Tabs.Content>
          </>
        ) : null}
        {canReadRealm ? (
          <Tabs.Content value="sign-in">
            {target ? (
              <LoginStrategiesPanel key={target.id} realmId={target.id} realmName={target.name} />
            ) : (
              <LoadingSkeleton label="Loading the realm" skeletons={['h-10']} />
            )}
          </Tabs.Content>
        ) : null}
        {canReadFacility ? (
          <Tabs.Content value="organisation" forceMount className={KEPT_PANEL_CLASSES}>
            <OrganisationPanel />
          </Tabs.Content>
        ) : null}
        {canReadAuditLog ? (
          <Tabs.Content value="audit-log">
            <AuditLogPanel />
          </Tabs.Content>
        ) : null}
        {isOperator ? (
          <Tabs.Content value="realms">
            <RealmsPanel onManage={manage} />
          </Tabs.Content>
        ) : null}
      </Tabs.Root>
    </>
  );
}
