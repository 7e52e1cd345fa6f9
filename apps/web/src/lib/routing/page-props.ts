import type { RouteDefinition } from '@ecc/contracts';
import type { ComponentType } from 'react';

/** Every page receives its entry of the route table. */
export interface PageProps {
  route: RouteDefinition;
}

export type PageComponent = ComponentType<PageProps>;
