import { GWP_SET_IDS, realmGwpSetId } from '@ecc/domain';
import { Button, Label, controlClasses } from '@ecc/ui';
import { useState } from 'react';
import { useRealm } from '#lib/realm/realm-queries.ts';
import type { GwpSetId } from '#lib/recalculations/recalculation-api.ts';
import { RecalculationStatus } from '#lib/recalculations/recalculation-status.tsx';
import { useRecalculation } from '#lib/recalculations/use-recalculation.ts';

/** Starts a bulk recalculation of the realm's emission results (on the realm's GWP set unless another is chosen). */
export function RecalculationPanel() {
  const realm = useRealm();
  const [gwp, setGwp] = useState<GwpSetId>(realmGwpSetId(realm?.properties ?? {}));
  const recalculation = useRecalculation();
  return (
    <section aria-labelledby="recalculation-heading" className="grid gap-3">
      <h2 id="recalculation-heading" className="text-lg font-semibold">
        Recalculation
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor="recalculation-gwp">GWP set</Label>
          <select
            id="recalculation-gwp"
            className={controlClasses}
            value={gwp}
            onChange={(event) => setGwp(event.target.value as GwpSetId)}
          >
            {GWP_SET_IDS.map((set) => (
              <option key={set} value={set}>
                {set}
              </option>
            ))}
          </select>
        </div>
        <Button onClick={() => void recalculation.start(gwp)} disabled={recalculation.isStarting}>
          Recalculate all emissions
        </Button>
      </div>
      <RecalculationStatus state={recalculation} />
    </section>
  );
}
