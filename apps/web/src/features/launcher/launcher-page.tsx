import { EmptyState } from '@ecc/ui';
import { LayoutGridIcon } from 'lucide-react';
import { FeatureTiles } from '#components/feature-tiles.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { useAllowedFeatures } from '#lib/realm/allowed-features.ts';

/** A tile for each feature the realm's plan and feature flags allow. */
export function LauncherPage() {
  const features = useAllowedFeatures();
  return (
    <>
      <PageHeader title="Launcher" description="Every feature your plan includes, in one place." />
      {features.length > 0 ? (
        <FeatureTiles features={features} />
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
