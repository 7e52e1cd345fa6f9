import type { RouteDefinition } from '@ecc/contracts';
import { Link } from '@tanstack/react-router';
import { ArrowRightIcon } from 'lucide-react';
import { routeLinkPath } from '../lib/realm/allowed-features.ts';

/** One tile per feature: its title and description, the whole tile a link. */
export function FeatureTiles({
  features,
  labelledBy,
}: {
  features: readonly RouteDefinition[];
  labelledBy?: string;
}) {
  return (
    <ul aria-labelledby={labelledBy} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {features.map((feature) => (
        <li key={feature.id}>
          <Link
            to={routeLinkPath(feature)}
            className="group bg-card text-card-foreground hover:border-primary focus-visible:ring-ring flex h-full flex-col gap-2 rounded-xl border p-5 shadow-sm transition-colors focus-visible:ring-2 focus-visible:outline-none"
          >
            <span className="flex items-center justify-between gap-2 font-semibold">
              {feature.title}
              <ArrowRightIcon
                aria-hidden="true"
                className="text-muted-foreground group-hover:text-primary size-4 shrink-0 transition-colors"
              />
            </span>
            <span className="text-muted-foreground text-sm">{feature.description}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
