import type { GraphNode } from '@ecc/contracts';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NodeDetailsPanel, nodeFacts, nodeLinks } from './node-details-panel.tsx';

const FACILITY: GraphNode = {
  id: 'facility:f1',
  type: 'facility',
  label: 'North Plant',
  data: {
    slug: 'north-plant',
    sector: 'Power Plants',
    state: 'IL',
    country: 'US',
    businessUnitId: null,
    isArchived: false,
  },
};

const RESULT: GraphNode = {
  id: 'emission-result:r1',
  type: 'emission-result',
  label: 'Scope 1 result',
  data: {
    activityRecordId: 'r1',
    scope: 1,
    scope2Method: '',
    co2eKg: 12_345_600,
    gases: { CO2: 12_000_000 },
  },
};

function renderPanel(node: GraphNode, onClose: () => void, facilitySlug?: string) {
  const rootRoute = createRootRoute();
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({
        getParentRoute: () => rootRoute,
        path: '/',
        component: () => <NodeDetailsPanel node={node} onClose={onClose} facilitySlug={facilitySlug} />,
      }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return render(<RouterProvider router={router} />);
}

describe('the node details panel', () => {
  it('shows the type, the label, the facts and the links of a facility', async () => {
    const onClose = vi.fn();
    renderPanel(FACILITY, onClose);
    expect(await screen.findByRole('heading', { name: 'North Plant' })).toBeTruthy();
    expect(screen.getByText('Facility')).toBeTruthy();
    expect(screen.getByText('Power Plants')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the facility view' }).getAttribute('href')).toBe(
      '/facility/next/north-plant',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close the details' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('formats masses with the house formats and hides row ids', () => {
    expect(nodeFacts(RESULT)).toEqual([
      { label: 'Scope', value: '1' },
      { label: 'Emissions', value: '12,345.6 t CO2e' },
      { label: 'Gases', value: '12,000.0 t CO2' },
    ]);
  });

  it('links a result to its scope trail only when its facility is known', () => {
    expect(nodeLinks(RESULT)).toEqual([]);
    expect(nodeLinks(RESULT, 'north-plant')).toEqual([
      { label: 'Open the trail of Scope 1', to: '/facility/next/north-plant', search: { trail: 'scope-1' } },
    ]);
  });

  it('says how many members a summary stands for', () => {
    const summary: GraphNode = {
      id: 'summary:f1/records',
      type: 'summary',
      label: '1,284 activity records',
      data: { memberType: 'activity-record', count: 1284, ownerId: 'facility:f1', expand: {} },
    };
    expect(nodeFacts(summary)).toEqual([{ label: 'Stands for', value: '1,284 activity records' }]);
  });
});
