import { Button } from '@ecc/ui';
import { ListTreeIcon } from 'lucide-react';
import type { TrailRequest } from './facility-types.ts';

/** Opens the trail of one total: the records, factors, formula and audit entries behind it. */
export function TrailButton({
  request,
  onTrail,
}: {
  request: TrailRequest;
  onTrail: (request: TrailRequest) => void;
}) {
  return (
    <Button
      variant="ghost"
      size="xs"
      aria-label={`Show the trail of ${request.title}`}
      title="Show the trail"
      onClick={() => onTrail(request)}
    >
      <ListTreeIcon aria-hidden="true" />
      Trail
    </Button>
  );
}
