import { useParams } from '@tanstack/react-router';
import type { PageProps } from '#lib/routing/page-props.ts';
import { FacilityDetailView } from './facility-detail-view.tsx';
import { FacilityListView } from './facility-list-view.tsx';

/** `/facility/next/{slug}`: one facility; without a slug, the realm's facilities. */
export function FacilityPage({ route }: PageProps) {
  const { slug } = useParams({ strict: false }) as { slug?: string };
  if (slug === undefined || slug === '') return <FacilityListView route={route} />;
  return <FacilityDetailView slug={slug} route={route} />;
}
