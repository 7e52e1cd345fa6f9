import type { FacilityMapResponse } from '@ecc/contracts';
import { Button, Skeleton } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { geoEqualEarth, geoPath, type GeoPermissibleObjects } from 'd3-geo';
import { MinusIcon, PlusIcon, RotateCcwIcon } from 'lucide-react';
import { useMemo, useState, type KeyboardEvent } from 'react';
import Supercluster from 'supercluster';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { formatMass } from '#lib/format/format-mass.ts';
import { formatNumber } from '#lib/format/format-number.ts';

const WIDTH = 960;
const HEIGHT = 440;
const SPHERE: GeoPermissibleObjects = { type: 'Sphere' };
const MAX_ZOOM = 8;
/** The map's whole-world view is about as wide as supercluster's zoom 1 (1,024 px), so its zoom is ours + 1. */
const CLUSTER_ZOOM_OFFSET = 1;

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

interface PointProperties {
  slug: string;
  name: string;
  co2e: number | null;
}

interface View {
  zoom: number;
  /** The longitude and latitude in the middle of the map. */
  center: [number, number];
}

const WORLD: View = { zoom: 0, center: [0, 0] };

interface Placed {
  key: string;
  x: number;
  y: number;
  label: string;
  kind: 'cluster' | 'point';
  count: number;
  clusterId?: number;
  slug?: string;
  co2e?: number | null;
  coordinates: [number, number];
}

function buildIndex(points: FacilityMapResponse['points']): Supercluster<PointProperties> {
  const index = new Supercluster<PointProperties>({ radius: 44, maxZoom: MAX_ZOOM + CLUSTER_ZOOM_OFFSET });
  index.load(
    points.map(([slug, name, latitude, longitude, co2e]) => ({
      type: 'Feature' as const,
      properties: { slug, name, co2e },
      geometry: { type: 'Point' as const, coordinates: [longitude, latitude] },
    })),
  );
  return index;
}

export interface FacilityMapProps {
  points: FacilityMapResponse | undefined;
  isLoading: boolean;
}

/**
 * Every facility the list's filter matches on a world map, clustered so that thousands stay readable: a cluster
 * is a button that zooms in on it, a point a link to its facility with a tip on hover and focus. Zoom buttons
 * and the keyboard reach all of it.
 */
export function FacilityMap({ points, isLoading }: FacilityMapProps) {
  const navigate = useNavigate();
  const land = useQuery(landQuery);
  const [view, setView] = useState<View>(WORLD);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const index = useMemo(() => (points ? buildIndex(points.points) : undefined), [points]);

  const projection = useMemo(() => {
    const base = geoEqualEarth().fitSize([WIDTH, HEIGHT], SPHERE);
    const scaled = base.scale(base.scale() * 2 ** view.zoom);
    const middle = scaled(view.center) ?? [WIDTH / 2, HEIGHT / 2];
    const [translateX, translateY] = scaled.translate();
    return scaled.translate([translateX + WIDTH / 2 - middle[0], translateY + HEIGHT / 2 - middle[1]]);
  }, [view]);
  const path = useMemo(() => geoPath(projection), [projection]);

  const placed = useMemo((): Placed[] => {
    if (!index) return [];
    const clusterZoom = Math.round(view.zoom) + CLUSTER_ZOOM_OFFSET;
    return index.getClusters([-180, -85, 180, 85], clusterZoom).flatMap((entry): Placed[] => {
      const coordinates = entry.geometry.coordinates as [number, number];
      const projected = projection(coordinates);
      if (
        !projected ||
        projected[0] < 0 ||
        projected[0] > WIDTH ||
        projected[1] < 0 ||
        projected[1] > HEIGHT
      ) {
        return [];
      }
      const properties = entry.properties as Partial<Supercluster.ClusterProperties> &
        Partial<PointProperties>;
      if (properties.cluster) {
        return [
          {
            key: `cluster-${properties.cluster_id}`,
            x: projected[0],
            y: projected[1],
            kind: 'cluster',
            count: properties.point_count ?? 0,
            clusterId: properties.cluster_id,
            label: `${formatNumber(properties.point_count ?? 0)} facilities here: zoom in`,
            coordinates,
          },
        ];
      }
      return [
        {
          key: `point-${properties.slug}`,
          x: projected[0],
          y: projected[1],
          kind: 'point',
          count: 1,
          slug: properties.slug,
          co2e: properties.co2e ?? null,
          label: properties.name ?? '',
          coordinates,
        },
      ];
    });
  }, [index, view.zoom, projection]);

  const zoomTo = (zoom: number, center: [number, number] = view.center) =>
    setView({ zoom: Math.max(0, Math.min(MAX_ZOOM, zoom)), center });
  const expand = (cluster: Placed) => {
    const expansion = index?.getClusterExpansionZoom(cluster.clusterId ?? 0) ?? view.zoom + 1;
    zoomTo(Math.max(view.zoom + 1, expansion - CLUSTER_ZOOM_OFFSET), cluster.coordinates);
  };
  const onClusterKey = (event: KeyboardEvent, cluster: Placed) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    expand(cluster);
  };

  const active = placed.find((entry) => entry.key === activeKey);
  const largestCluster = Math.max(1, ...placed.map((entry) => entry.count));

  if (isLoading && points === undefined) return <Skeleton className="h-64 w-full" />;
  return (
    <figure className="grid gap-2">
      <div className="flex items-center justify-end gap-1" role="group" aria-label="Map zoom">
        <Button
          variant="outline"
          size="sm"
          aria-label="Zoom in"
          onClick={() => zoomTo(view.zoom + 1)}
          disabled={view.zoom >= MAX_ZOOM}
        >
          <PlusIcon aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label="Zoom out"
          onClick={() => zoomTo(view.zoom - 1)}
          disabled={view.zoom <= 0}
        >
          <MinusIcon aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label="Show the whole world"
          onClick={() => setView(WORLD)}
          disabled={view === WORLD}
        >
          <RotateCcwIcon aria-hidden="true" />
        </Button>
      </div>
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
          {placed.map((entry) => {
            const onEnter = () => setActiveKey(entry.key);
            const onLeave = () => setActiveKey(null);
            if (entry.kind === 'cluster') {
              const radius = 9 + Math.sqrt(entry.count / largestCluster) * 14;
              return (
                <g
                  key={entry.key}
                  role="button"
                  tabIndex={0}
                  aria-label={entry.label}
                  className="group cursor-pointer outline-none"
                  onClick={() => expand(entry)}
                  onKeyDown={(event) => onClusterKey(event, entry)}
                  onMouseEnter={onEnter}
                  onMouseLeave={onLeave}
                  onFocus={onEnter}
                  onBlur={onLeave}
                >
                  <circle
                    cx={entry.x}
                    cy={entry.y}
                    r={radius}
                    className="fill-primary/60 stroke-background group-hover:fill-primary/80 group-focus-visible:stroke-foreground group-focus-visible:stroke-2"
                  />
                  <text
                    x={entry.x}
                    y={entry.y}
                    dy="0.35em"
                    textAnchor="middle"
                    className="pointer-events-none fill-primary-foreground text-[11px] font-semibold"
                    aria-hidden="true"
                  >
                    {formatNumber(entry.count)}
                  </text>
                </g>
              );
            }
            const href = `/facility/next/${entry.slug}`;
            return (
              <a
                key={entry.key}
                href={href}
                aria-label={entry.label}
                className="group cursor-pointer outline-none"
                onClick={(event) => {
                  event.preventDefault();
                  void navigate({ to: href });
                }}
                onMouseEnter={onEnter}
                onMouseLeave={onLeave}
                onFocus={onEnter}
                onBlur={onLeave}
              >
                <circle
                  cx={entry.x}
                  cy={entry.y}
                  r={5}
                  className="fill-primary stroke-background group-focus-visible:stroke-foreground group-focus-visible:stroke-2"
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
              top: `calc(${(active.y / HEIGHT) * 100}% - 12px)`,
            }}
          >
            <div className="font-medium">{active.label}</div>
            {active.kind === 'point' && active.co2e !== null && active.co2e !== undefined && (
              <div>{formatMass(active.co2e)}</div>
            )}
          </div>
        )}
      </div>
      <figcaption className="text-xs text-muted-foreground">
        Numbered circles group nearby facilities: select one to zoom in.
        {points !== undefined &&
          points.unplaced > 0 &&
          ` ${formatNumber(points.unplaced)} ${points.unplaced === 1 ? 'facility has' : 'facilities have'} no coordinates.`}
      </figcaption>
    </figure>
  );
}
