import { cn } from '@ecc/ui';
import { Link } from '@tanstack/react-router';
import { useAllowedFeatures, routeLinkPath } from '../../lib/realm/allowed-features.ts';

const linkClasses =
  'block rounded-md px-3 py-2 text-sm text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';
const activeLinkClasses = 'bg-secondary font-medium text-secondary-foreground';

/** Home, the launcher, and each launcher feature the user's plan and flags let them open. */
export function FeatureNav({ className }: { className?: string }) {
  const features = useAllowedFeatures();
  return (
    <nav aria-label="Features" className={cn(className, 'print:hidden')}>
      <ul className="grid gap-1">
        <li>
          <Link
            to="/"
            className={linkClasses}
            activeProps={{ className: activeLinkClasses }}
            activeOptions={{ exact: true }}
          >
            Home
          </Link>
        </li>
        <li>
          <Link to="/launcher" className={linkClasses} activeProps={{ className: activeLinkClasses }}>
            Launcher
          </Link>
        </li>
        {features.map((feature) => (
          <li key={feature.id}>
            <Link
              to={routeLinkPath(feature)}
              className={linkClasses}
              activeProps={{ className: activeLinkClasses }}
            >
              {feature.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
