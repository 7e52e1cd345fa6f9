import type { PermissionAction, PermissionSubject } from '@ecc/domain';
import type { ReactNode } from 'react';
import { useCan } from './use-ability.ts';

/** Renders its children only when the user may do `action` on `subject` (the server still enforces it). */
export function Can({
  action,
  subject,
  children,
}: {
  action: PermissionAction;
  subject: PermissionSubject;
  children: ReactNode;
}) {
  return useCan(action, subject) ? children : null;
}
