import { Skeleton } from '@ecc/ui';
import { useParams } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PageHeader } from '#components/page-header.tsx';
import type { PageProps } from '#lib/routing/page-props.ts';

// The list (with the map's geometry) and the detail (with its forms) load apart, so each visit fetches one; the
// page's title shows at once while the view's code arrives.
const FacilityListView = lazy(() =>
  import('./facility-list-view.tsx').then((module) => ({ default: module.FacilityListView })),
);
const FacilityDetailView = lazy(() =>
  import('./facility-detail-view.tsx').then((module) => ({ default: module.FacilityDetailView })),
);

/** `/facility/next/{slug}`: one facility; without a slug, the realm's facilities. */
export function FacilityPage({ route }: PageProps) {
  const { slug } = useParams({ strict: false }) as { slug?: string };
  return (
    <Suspense
      fallback={
        <>
          <PageHeader title={route.title} />
          <Skeleton className="h-64 w-full" />
        </>
      }
    >
      {slug === undefined || slug === '' ? (
        <FacilityListView route={route} />
      ) : (
        <FacilityDetailView slug={slug} route={route} />
      )}
    </Suspense>
  );
}
