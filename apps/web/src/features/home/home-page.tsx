import { EmptyState } from '@ecc/ui';
import { LayoutGridIcon } from 'lucide-react';
import { FeatureTiles } from '#components/feature-tiles.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { useAllowedFeatures } from '#lib/realm/allowed-features.ts';
import { useRealm } from '#lib/realm/realm-queries.ts';
import { useCurrentUser, useSession } from '#lib/session/session-queries.ts';
import { userDisplayName } from '#lib/session/user-display-name.ts';

export function HomePage() {
  const { session, isLoggedIn } = useSession();
  const user = useCurrentUser(isLoggedIn);
  const realm = useRealm();
  const features = useAllowedFeatures();
  return (
    <>
      <PageHeader
        title={`Welcome, ${userDisplayName(user, session)}`}
        description={realm ? `Realm: ${realm.name}` : undefined}
      />
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
