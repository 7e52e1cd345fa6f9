import { z } from './zod.ts';
import { invitationTokenSchema } from './invitations.ts';
import { PLANS, type Plan } from './plans.ts';

/**
 * The route table of spec section 2: one source of truth for the browser's router and guards and the
 * server's knowledge of public pages. Paths use the router's syntax: `$param`, `{-$param}` when optional.
 */
export const LAYOUTS = ['blank', 'default', 'equipment-manager', 'login'] as const;
export type LayoutName = (typeof LAYOUTS)[number];
export const DEFAULT_LAYOUT: LayoutName = 'default';

/** Named route middleware; the web app registers one implementation per name and throws on any other. */
export const ROUTE_MIDDLEWARE = ['auth', 'licences', 'plan', 'feature-flags', 'alternate-home'] as const;
export type RouteMiddlewareName = (typeof ROUTE_MIDDLEWARE)[number];
/** Middleware every route runs, in this order, before its own. */
export const GLOBAL_ROUTE_MIDDLEWARE: readonly RouteMiddlewareName[] = [
  'auth',
  'licences',
  'plan',
  'feature-flags',
];

export interface Transition {
  name: string;
  mode: 'out-in' | 'in-out' | 'default';
}

export interface RouteDefinition {
  id: string;
  path: string;
  title: string;
  /** Shown on the launcher tile; routes without one are not launcher features. */
  description?: string;
  /** `false`: the page renders without any layout. */
  layout: LayoutName | false;
  /** `false` marks the route auth-false (reachable signed out); `true` says login is required explicitly. */
  auth?: boolean;
  plans?: readonly Plan[];
  featureFlags?: readonly string[];
  pageTransition?: Transition | false;
  layoutTransition?: Transition | false;
  keepalive?: boolean;
  colorMode?: 'dark';
  /** Never inlined or prerendered by the server. */
  clientOnly?: boolean;
  aliases?: readonly string[];
  middleware?: readonly string[];
  params?: Record<string, z.ZodType<string>>;
}

const slugParam = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
const uuidParam = z.uuid();

const BENCHMARK_PLANS: readonly Plan[] = [
  'paid',
  'UPPER_MANTLE',
  'MANTLE',
  'OUTER_CORE',
  'INNER_CORE',
  'CORE',
];
const PATHWAY_PLANS: readonly Plan[] = [
  'simple',
  'paid',
  'cot',
  'CRUST',
  'UPPER_MANTLE',
  'LOWER_MANTLE',
  'MANTLE',
  'OUTER_CORE',
  'INNER_CORE',
  'CORE',
];
const FACILITY_PLANS: readonly Plan[] = [
  'paid',
  'cot',
  'CRUST',
  'UPPER_MANTLE',
  'LOWER_MANTLE',
  'MANTLE',
  'OUTER_CORE',
  'INNER_CORE',
  'CORE',
];
const ANALYSIS_PLANS: readonly Plan[] = ['EQT', 'paid'];

export const DEFAULT_PAGE_TRANSITION: Transition = { name: 'page', mode: 'out-in' };
export const DEFAULT_LAYOUT_TRANSITION: Transition = { name: 'layout', mode: 'out-in' };

export const ROUTES = [
  { id: 'about', path: '/about', title: 'About', layout: 'default', auth: false },
  { id: 'home', path: '/', title: 'Home', layout: 'default', middleware: ['alternate-home'] },
  { id: 'login', path: '/login', title: 'Sign in', layout: 'login', auth: false, colorMode: 'dark' },
  { id: 'logout', path: '/logout', title: 'Signing out', layout: 'login' },
  { id: 'profile', path: '/profile', title: 'Profile', layout: 'default' },
  { id: 'launcher', path: '/launcher', title: 'Launcher', layout: 'default' },
  { id: 'agreement', path: '/agreement', title: 'Agreements', layout: false },
  {
    id: 'benchmarks',
    path: '/benchmarks',
    title: 'Benchmarks',
    description: 'Compare facilities with their peers, including public EPA data.',
    layout: 'default',
    plans: BENCHMARK_PLANS,
  },
  {
    id: 'pathways',
    path: '/pathways',
    title: 'Decarbonisation pathways',
    description: 'Set targets and follow the trajectory to them.',
    layout: 'default',
    plans: PATHWAY_PLANS,
  },
  {
    id: 'reporting-next',
    path: '/reporting/next',
    title: 'Reporting',
    description: 'Build and export emissions reports.',
    layout: 'default',
    plans: ['paid'],
  },
  {
    id: 'context-ai',
    path: '/context-ai',
    title: 'AI assistant',
    description: "Ask questions about your realm's emissions, with cited records.",
    layout: 'default',
    plans: ['paid'],
    featureFlags: ['ai-assistant'],
  },
  {
    id: 'lighttouch',
    path: '/lighttouch',
    title: 'Pathway optimizer',
    description: 'Pick the abatement portfolio that meets a target at least cost.',
    layout: 'default',
    plans: ['paid'],
    aliases: ['/pathwayoptimizer'],
  },
  {
    id: 'advancedghg',
    path: '/advancedghg',
    title: 'Advanced GHG',
    description: 'Scope 1, 2 and 3 detail with dual Scope 2 reporting.',
    layout: 'default',
    plans: ['paid'],
  },
  {
    id: 'calc-editor',
    path: '/calc-editor',
    title: 'Calculation editor',
    description: 'Write, test and version calculation methods.',
    layout: 'default',
    auth: true,
  },
  {
    id: 'calc-editor-drakon',
    path: '/calc-editor/drakon',
    title: 'Calculation flowchart',
    layout: 'default',
  },
  {
    id: 'calc-editor-examples',
    path: '/calc-editor/examples',
    title: 'Calculation examples',
    layout: 'default',
  },
  {
    id: 'calc-editor-constants',
    path: '/calc-editor/constants',
    title: 'Calculation constants',
    layout: 'default',
  },
  {
    id: 'calc-editor-file-tree',
    path: '/calc-editor/FileTree',
    title: 'Calculation files',
    layout: 'default',
  },
  {
    id: 'calc-editor-templates',
    path: '/calc-editor/templates',
    title: 'Calculation templates',
    layout: 'default',
  },
  {
    id: 'calc-editor-icons',
    path: '/calc-editor/CalculationsIcon',
    title: 'Calculation icons',
    layout: 'default',
  },
  {
    id: 'knowledgegraph',
    path: '/knowledgegraph',
    title: 'Knowledge graph',
    description: 'Follow every reported number back to its records, factors and formulas.',
    layout: 'default',
  },
  {
    id: 'knowledgegraph-3d',
    path: '/knowledgegraph/3d',
    title: 'Knowledge graph 3D',
    layout: 'default',
    pageTransition: false,
  },
  {
    id: 'facility',
    path: '/facility/next/{-$slug}',
    title: 'Facilities',
    description: "See each facility's emissions, activity data and data quality.",
    layout: 'default',
    auth: true,
    plans: FACILITY_PLANS,
    params: { slug: slugParam },
  },
  {
    id: 'emission-factors',
    path: '/emission-factors',
    title: 'Emission factors',
    description: 'Browse the factor library and manage your own factors.',
    layout: 'default',
    plans: FACILITY_PLANS,
  },
  {
    id: 'equipment-manager',
    path: '/equipment-manager',
    title: 'Equipment manager',
    description: 'Manage the emission sources at each site.',
    layout: 'equipment-manager',
    keepalive: true,
  },
  {
    id: 'equipment-manager-admin',
    path: '/equipment-manager/admin',
    title: 'Equipment types',
    layout: 'equipment-manager',
    plans: ['CORE'],
  },
  {
    id: 'equipment-edit',
    path: '/equipment-manager/$schema/$id/edit',
    title: 'Edit equipment',
    layout: 'equipment-manager',
    params: { schema: slugParam, id: uuidParam },
  },
  {
    id: 'equipment-view',
    path: '/equipment-manager/$schema/$id/view',
    title: 'Equipment',
    layout: 'equipment-manager',
    params: { schema: slugParam, id: uuidParam },
  },
  {
    id: 'equipment-new',
    path: '/equipment-manager/site/$id/$equipmentType/new',
    title: 'New equipment',
    layout: 'equipment-manager',
    params: { id: uuidParam, equipmentType: slugParam },
  },
  {
    id: 'reporting-analysis',
    path: '/reporting/analysis',
    title: 'Reporting and analysis',
    description: 'Pivot emissions by scope, category, gas, facility and period.',
    layout: 'default',
    plans: ANALYSIS_PLANS,
  },
  {
    id: 'reporting-analysis-report',
    path: '/reporting/analysis/report',
    title: 'Analysis report',
    layout: 'default',
    auth: true,
    plans: ANALYSIS_PLANS,
  },
  {
    id: 'feature-flags',
    path: '/management/feature-flags',
    title: 'Feature flags',
    description: "Manage the realm's feature flags.",
    layout: 'default',
  },
  {
    id: 'invite-manager',
    path: '/admin/invite-manager',
    title: 'Invite manager',
    description: 'Invite people to the realm.',
    layout: 'default',
    clientOnly: true,
  },
  {
    id: 'realm-admin',
    path: '/admin/realm',
    title: 'Realm administration',
    description: "Manage the realm's users, roles, grants, theme, legal texts and GWP set.",
    layout: 'default',
  },
  {
    id: 'invite-accept',
    path: '/invite/$token',
    title: 'Join the realm',
    layout: 'login',
    auth: false,
    clientOnly: true,
    params: { token: invitationTokenSchema },
  },
] as const satisfies readonly RouteDefinition[];

export type RouteId = (typeof ROUTES)[number]['id'];

export function findRoute(id: RouteId): RouteDefinition {
  const route = ROUTES.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`Unknown route id: ${id}`);
  return route;
}

type PathSegment = { kind: 'literal'; text: string } | { kind: 'param'; name: string; isOptional: boolean };

/** `/facility/next/{-$slug}` → literal, literal, optional param; the router's syntax of the route table. */
function parseRoutePath(path: string): PathSegment[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((segment): PathSegment => {
      const optional = /^\{-\$(\w+)\}$/.exec(segment);
      if (optional?.[1]) return { kind: 'param', name: optional[1], isOptional: true };
      if (segment.startsWith('$')) return { kind: 'param', name: segment.slice(1), isOptional: false };
      return { kind: 'literal', text: segment.toLowerCase() };
    });
}

function matchesSegments(
  pattern: readonly PathSegment[],
  segments: readonly string[],
  params: RouteDefinition['params'],
): boolean {
  const [head, ...rest] = pattern;
  if (!head) return segments.length === 0;
  const [segment, ...remaining] = segments;
  if (head.kind === 'param' && head.isOptional && matchesSegments(rest, segments, params)) return true;
  if (segment === undefined) return false;
  if (head.kind === 'literal') {
    return segment.toLowerCase() === head.text && matchesSegments(rest, remaining, params);
  }
  const schema = params?.[head.name];
  return (!schema || schema.safeParse(segment).success) && matchesSegments(rest, remaining, params);
}

/**
 * Whether the browser's router shows a page for this path: a route or an alias of the table, its parameters
 * valid (the router shows its 404 page otherwise, and the server answers such a path with status 404). Literal
 * segments match in any case, as the router's do.
 */
export function isKnownPagePath(pathname: string): boolean {
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return false;
  }
  return ROUTES.some((route: RouteDefinition) =>
    [route.path, ...(route.aliases ?? [])].some((path) =>
      matchesSegments(parseRoutePath(path), segments, path === route.path ? route.params : undefined),
    ),
  );
}

/** Paths the server prerenders a payload for (`{path}/_payload.json`). */
export const PAYLOAD_PATHS = ['/about', '/login'] as const;

export function isKnownPlanList(plans: readonly string[]): boolean {
  return plans.every((plan) => (PLANS as readonly string[]).includes(plan));
}
