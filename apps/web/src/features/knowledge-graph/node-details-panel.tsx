import { GRAPH_SUMMARY_TYPE, type GraphNode } from '@ecc/contracts';
import { Button } from '@ecc/ui';
import { Link } from '@tanstack/react-router';
import { XIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { FACILITY_LIST_PATH, facilityLink } from '#lib/facility-links/facility-link.ts';
import { formatDate, formatMass, formatNumber, formatQuantity } from '#lib/format/index.ts';
import { NODE_TYPE_NAMES, nodeTypeName } from './graph-node-appearance.ts';

export interface NodeDetailsPanelProps {
  node: GraphNode;
  onClose: () => void;
  /**
   * The slug of the facility the node belongs to (a record's, a result's, an equipment's), when the caller has
   * that facility loaded: the links to the facility view and its trail need it.
   */
  facilitySlug?: string | undefined;
  /** More actions under the links, e.g. the page's "Path from here" buttons. */
  children?: ReactNode;
}

export interface NodeFact {
  label: string;
  value: string;
}

export interface NodeLink {
  label: string;
  to: string;
  search?: Record<string, unknown>;
}

/** Names of the facts the server sends; others are named from their key ("scope3Category" → "Scope3 category"). */
const FACT_LABELS: Record<string, string> = {
  key: 'Key',
  code: 'Code',
  slug: 'Slug',
  sector: 'Sector',
  state: 'State',
  country: 'Country',
  isArchived: 'Archived',
  typeVersion: 'Type version',
  currentVersion: 'Current version',
  activityType: 'Activity',
  periodStart: 'Period start',
  periodEnd: 'Period end',
  quantity: 'Quantity',
  scope: 'Scope',
  scope3Category: 'Scope 3 category',
  factorKey: 'Factor key',
  factorVersion: 'Factor version',
  isEstimated: 'Estimated',
  version: 'Edition',
  year: 'Year',
  status: 'Status',
  isRealmFactor: "The realm's own factor",
  publisher: 'Publisher',
  url: 'Web site',
  isRealmSource: "The realm's own source",
  scope2Method: 'Scope 2 method',
  co2eKg: 'Emissions',
  gases: 'Gases',
  gwpSetId: 'GWP set',
  isFallback: 'Fallback factor',
  latestVersion: 'Latest version',
  approvedVersion: 'Approved version',
  kind: 'Kind',
  scopes: 'Scopes',
  scope3Categories: 'Scope 3 categories',
  baseYear: 'Base year',
  targetYear: 'Target year',
  term: 'Term',
  ambition: 'Ambition',
  count: 'Members',
};

/** Row ids the panel does not show: the graph draws what they point at as edges. */
const HIDDEN_FACTS = new Set([
  'facilityId',
  'businessUnitId',
  'equipmentId',
  'equipmentTypeId',
  'activityRecordId',
  'parentId',
  'calculationMethodId',
  'ownerId',
  'expand',
  'memberType',
  'unit',
]);

const DATE_KEYS = new Set(['periodStart', 'periodEnd']);

function labelOfKey(key: string): string {
  const words = key.replace(/([a-z])([A-Z0-9])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function formatValue(key: string, value: unknown, data: Record<string, unknown>): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (key === 'co2eKg' && typeof value === 'number') return formatMass(value);
  if (key === 'quantity' && typeof value === 'number') {
    return typeof data['unit'] === 'string' ? formatQuantity(value, data['unit']) : formatNumber(value);
  }
  if (DATE_KEYS.has(key) && typeof value === 'string') return formatDate(value, 'yyyy-MM-dd');
  if (key === 'gases' && typeof value === 'object' && !Array.isArray(value)) {
    const gases = Object.entries(value as Record<string, unknown>).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number',
    );
    return gases.length === 0
      ? undefined
      : gases.map(([gas, kg]) => formatMass(kg, { substance: gas })).join(', ');
  }
  if (typeof value === 'number') {
    return key.endsWith('Year') || key === 'year' ? String(value) : formatNumber(value);
  }
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.map(String).join(', ');
  if (typeof value === 'object') return undefined;
  return String(value);
}

/** The node's facts as label and formatted value, in the order the server sends them; empty ones left out. */
export function nodeFacts(node: GraphNode): NodeFact[] {
  const facts: NodeFact[] = [];
  if (node.type === GRAPH_SUMMARY_TYPE && typeof node.data['count'] === 'number') {
    const memberType = node.data['memberType'];
    const names =
      typeof memberType === 'string' && memberType in NODE_TYPE_NAMES
        ? NODE_TYPE_NAMES[memberType as keyof typeof NODE_TYPE_NAMES].many
        : 'members';
    return [{ label: 'Stands for', value: `${formatNumber(node.data['count'])} ${names}` }];
  }
  for (const [key, value] of Object.entries(node.data)) {
    if (HIDDEN_FACTS.has(key)) continue;
    const formatted = formatValue(key, value, node.data);
    if (formatted !== undefined) facts.push({ label: FACT_LABELS[key] ?? labelOfKey(key), value: formatted });
  }
  return facts;
}

function scopeOf(value: unknown): 1 | 2 | 3 | undefined {
  return value === 1 || value === 2 || value === 3 ? value : undefined;
}

/** Where the node's own page is: the facility view, its trail, the factor library, the reports, the pathways. */
export function nodeLinks(node: GraphNode, facilitySlug?: string): NodeLink[] {
  const data = node.data;
  switch (node.type) {
    case 'realm':
      return [{ label: 'Open the facility list', to: FACILITY_LIST_PATH }];
    case 'facility': {
      const slug = typeof data['slug'] === 'string' ? data['slug'] : undefined;
      if (!slug) return [];
      return [
        { label: 'Open the facility view', ...facilityLink(slug) },
        { label: 'Open the trail of its total', ...facilityLink(slug, { trail: { kind: 'total' } }) },
      ];
    }
    case 'equipment':
      return facilitySlug ? [{ label: "Open its facility's view", ...facilityLink(facilitySlug) }] : [];
    case 'activity-record': {
      if (!facilitySlug) return [];
      const activityType = typeof data['activityType'] === 'string' ? data['activityType'] : undefined;
      return [
        { label: "Open its facility's view", ...facilityLink(facilitySlug) },
        ...(activityType
          ? [
              {
                label: `Open the trail of ${activityType}`,
                ...facilityLink(facilitySlug, { trail: { kind: 'source', activityType } }),
              },
            ]
          : []),
      ];
    }
    case 'emission-result': {
      const scope = scopeOf(data['scope']);
      if (!facilitySlug || scope === undefined) return [];
      return [
        {
          label: `Open the trail of Scope ${scope}`,
          ...facilityLink(facilitySlug, { trail: { kind: 'scope', scope } }),
        },
      ];
    }
    case 'emission-factor':
    case 'factor-source':
      return [{ label: 'Open the emission factor library', to: '/emission-factors' }];
    case 'report':
      return [{ label: 'Open the reports', to: '/reporting/analysis/report' }];
    case 'target':
      return [{ label: 'Open the pathways', to: '/pathways' }];
    default:
      return [];
  }
}

/** The side panel of the knowledge graph: what a node is, its facts, and links to the pages that show it. */
export function NodeDetailsPanel({ node, onClose, facilitySlug, children }: NodeDetailsPanelProps) {
  const headingId = useId();
  const facts = nodeFacts(node);
  const links = nodeLinks(node, facilitySlug);
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-sm"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <header className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-muted-foreground text-xs uppercase tracking-wide">{nodeTypeName(node)}</p>
          <h2 id={headingId} className="break-words font-semibold text-lg">
            {node.label}
          </h2>
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close the details">
          <XIcon aria-hidden="true" />
        </Button>
      </header>
      {facts.length > 0 && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {facts.map((fact) => (
            <div key={fact.label} className="contents">
              <dt className="text-muted-foreground">{fact.label}</dt>
              <dd className="break-words">{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {links.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm">
          {links.map((link) => (
            <li key={link.label}>
              <Link
                to={link.to}
                search={link.search ?? {}}
                className="text-primary underline-offset-4 hover:underline"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {children}
    </section>
  );
}
