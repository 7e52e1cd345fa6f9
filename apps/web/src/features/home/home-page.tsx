import { EmptyState } from '@ecc/ui';
import { LayoutGridIcon } from 'lucide-react';
import { FeatureTiles } from '#components/feature-tiles.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { useAllowedFeatures } from '#lib/realm/allowed-features.ts';
import { useRealm } from '#lib/realm/realm-queries.ts';
import { useAbility } from '#lib/permissions/use-ability.ts';
import { useCurrentUser, useSession } from '#lib/session/session-queries.ts';
import { userDisplayName } from '#lib/session/user-display-name.ts';
import { RealmOverview } from './realm-overview.tsx';

/** The route whose plans and right the overview shares: it summarises what the facility view shows. */
const OVERVIEW_FEATURE = 'facility';

/**
 * `/`: the realm overview for those whose plan has the facility view and who may read facilities; everyone else
 * sees the features their plan offers, never a refusal.
 */
export function HomePage() {
  const { session, isLoggedIn } = useSession();
  const user = useCurrentUser(isLoggedIn);
  const realm = useRealm();
  const features = useAllowedFeatures();
  const { ability, isPending } = useAbility();
  const greeting = `Welcome, ${userDisplayName(user, session)}`;
  const realmLine = realm ? `Realm: ${realm.name}` : undefined;
  const hasOverview = features.some((feature) => feature.id === OVERVIEW_FEATURE);
  // Until the user's rights are known the page cannot tell which of the two it is: it waits rather than flip.
  if (hasOverview && isPending) {
    return (
      <LoadingSkeleton
        label="Loading your overview"
        skeletons={['h-8 w-1/3', 'h-24 w-full']}
        aria-busy="true"
      />
    );
  }
  if (hasOverview && ability.can('read', 'Facility')) {
    return (
      <RealmOverview
        header={{ title: 'Emissions overview', description: `${greeting}. ${realmLine ?? ''}`.trim() }}
      />
    );
  }
  return (
    <>
      <PageHeader title={greeting} description={realmLine} />
      <h2 id="home-features" className="mb-3 text-lg font-semibold">
        Your features
      </h2>
      {features.length > 0 ? (
        <FeatureTiles features={features} labelledBy="home-features" />
      ) : (
        <EmptyState
          icon={<LayoutGridIcon />}
          title="No features on your plan"
          description="Your realm's plan includes none of the product's features yet. Ask your administrator to change the plan."
        />
      )}
    </>
  );
}
