import { EmptyState } from '@ecc/ui';
import { InboxIcon } from 'lucide-react';
import { PageHeader } from '#components/page-header.tsx';
import type { PageProps } from '#lib/routing/page-props.ts';
import { FEATURE_EMPTY_STATES, isFeatureRouteId } from './feature-empty-states.ts';

/** A feature route whose screens later issues build: its title, and what will appear here. */
export function FeatureEmptyStatePage({ route }: PageProps) {
  const text = isFeatureRouteId(route.id) ? FEATURE_EMPTY_STATES[route.id] : undefined;
  return (
    <>
      <PageHeader title={route.title} description={route.description} />
      <EmptyState
        icon={<InboxIcon />}
        title={text?.title ?? 'Nothing here yet'}
        description={text?.description}
        data-testid="feature-empty-state"
      />
    </>
  );
}
