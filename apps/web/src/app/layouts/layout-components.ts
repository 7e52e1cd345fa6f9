import type { LayoutName } from '@ecc/contracts';
import type { ReactNode } from 'react';
import { BlankLayout } from './blank-layout.tsx';
import { DefaultLayout } from './default-layout.tsx';
import { EquipmentManagerLayout } from './equipment-manager-layout.tsx';
import { LoginLayout } from './login-layout.tsx';

export const LAYOUT_COMPONENTS: Record<LayoutName, () => ReactNode> = {
  blank: BlankLayout,
  default: DefaultLayout,
  'equipment-manager': EquipmentManagerLayout,
  login: LoginLayout,
};
