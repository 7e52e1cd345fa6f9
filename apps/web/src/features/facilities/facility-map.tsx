import type { FacilityDto } from '@ecc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { geoEqualEarth, geoPath, type GeoPermissibleObjects } from 'd3-geo';
import { useMemo, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { formatMass } from '#lib/format/format-mass.ts';

const WIDTH = 960;
const HEIGHT = 440;
const SPHERE: GeoPermissibleObjects = { type: 'Sphere' };

/* The land outline ships with the bundle (Natural Earth 1:110m, via world-atlas) and loads with the map, so the
   map needs no tile server and no network beyond the app's own. */
const landQuery = {
  queryKey: ['world-atlas', 'land-110m'],
  queryFn: async () => {
    const topology = (await import('world-atlas/land-110m.json')).default as unknown as Topology<{
      land: GeometryCollection;
    }>;
    return feature(topology, topology.objects.land);
  },
  staleTime: Number.POSITIVE_INFINITY,
};

interface MapPoint {
  facility: FacilityDto;
  x: number;
  y: number;
  radius: number;
}

/** The facilities on a world map: each point a link to its facility, with a tip on hover and focus. */
export function FacilityMap({ facilities }: { facilities: readonly FacilityDto[] }) {
  const navigate = useNavigate();
  const land = useQuery(landQuery);
  const [activeId, setActiveId] = useState<string | null>(null);
  const projection = useMemo(() => geoEqualEarth().fitSize([WIDTH, HEIGHT], SPHERE), []);
  const path = useMemo(() => geoPath(projection), [projection]);

  const points = useMemo(() => {
    const largest = Math.max(1, ...facilities.map((facility) => facility.co2eKgLatestYear ?? 0));
    return facilities.flatMap((facility): MapPoint[] => {
      const { latitude, longitude } = facility.location;
      if (latitude === null || longitude === null) return [];
      const projected = projection([longitude, latitude]);
      if (projected === null) return [];
      const share = Math.sqrt((facility.co2eKgLatestYear ?? 0) / largest);
      return [{ facility, x: projected[0], y: projected[1], radius: 3 + share * 7 }];
    });
  }, [facilities, projection]);

  const active = points.find((point) => point.facility.id === activeId);
  const unplaced = facilities.length - points.length;

  return (
    <figure className="grid gap-2">
      <div className="relative overflow-hidden rounded-lg border bg-muted/30">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="mx-auto block h-auto w-full max-w-4xl"
          role="group"
          aria-label="Map of facilities"
        >
          <path d={path(SPHERE) ?? ''} className="fill-background stroke-border" />
          {land.data !== undefined && (
            <path
              d={path(land.data) ?? ''}
              className="fill-muted stroke-muted-foreground/30"
              aria-hidden="true"
            />
          )}
          {points.map((point) => {
            const href = `/facility/next/${point.facility.slug}`;
            return (
              <a
                key={point.facility.id}
                href={href}
                aria-label={`${point.facility.name}, ${point.facility.location.city ?? point.facility.location.country}`}
                className="group cursor-pointer outline-none"
                onClick={(event) => {
                  event.preventDefault();
                  void navigate({ to: href });
                }}
                onMouseEnter={() => setActiveId(point.facility.id)}
                onMouseLeave={() => setActiveId(null)}
                onFocus={() => setActiveId(point.facility.id)}
                onBlur={() => setActiveId(null)}
              >
                <circle
                  cx={point.x}
                  cy={point.y}
                  r={point.radius}
                  className="fill-primary/70 stroke-background group-hover:fill-primary group-focus-visible:fill-primary group-focus-visible:stroke-foreground group-focus-visible:stroke-2"
                />
              </a>
            );
          })}
        </svg>
        {active !== undefined && (
          <div
            role="tooltip"
            className="pointer-events-none absolute z-10 -translate-x-1/2 -translate-y-full rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow"
            style={{
              left: `${(active.x / WIDTH) * 100}%`,
              top: `calc(${(active.y / HEIGHT) * 100}% - ${active.radius + 4}px)`,
            }}
          >
            <div className="font-medium">{active.facility.name}</div>
            <div>
              {[
                active.facility.location.city,
                active.facility.location.state,
                active.facility.location.country,
              ]
                .filter(Boolean)
                .join(', ')}
            </div>
            {active.facility.co2eKgLatestYear !== null && (
              <div>
                {formatMass(active.facility.co2eKgLatestYear)} in {active.facility.latestYear}
              </div>
            )}
          </div>
        )}
      </div>
      <figcaption className="text-xs text-muted-foreground">
        Point size follows the latest year&apos;s CO2e.
        {unplaced > 0 &&
          ` ${unplaced} ${unplaced === 1 ? 'facility has' : 'facilities have'} no coordinates.`}
      </figcaption>
    </figure>
  );
}
