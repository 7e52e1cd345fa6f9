import { GWP_SET_IDS, realmGwpSetId } from '@ecc/domain';
import { Button, Label, selectClasses } from '@ecc/ui';
import { useId, useState } from 'react';
import { useRealm } from '#lib/realm/realm-queries.ts';
import type { GwpSetId } from '#lib/recalculations/recalculation-api.ts';
import { RecalculationStatus } from '#lib/recalculations/recalculation-status.tsx';
import { useRecalculation } from '#lib/recalculations/use-recalculation.ts';

/**
 * Starts a bulk recalculation of the realm's emission results, on the realm's GWP set unless another is chosen;
 * another set moves the realm to it when the run completes (one set at a time, decision 020).
 */
export function RecalculationPanel() {
  const realm = useRealm();
  const realmSet = realmGwpSetId(realm?.properties ?? {});
  const [gwp, setGwp] = useState<GwpSetId>(realmSet);
  const recalculation = useRecalculation();
  const noteId = useId();
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
            className={selectClasses}
            aria-describedby={noteId}
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
        <Button
          onClick={() => void recalculation.start(gwp)}
          disabled={recalculation.isStarting || recalculation.isRunning}
        >
          Recalculate all emissions
        </Button>
      </div>
      <p id={noteId} aria-live="polite" className="text-sm text-muted-foreground">
        {gwp === realmSet
          ? `The realm reports on ${realmSet}: every result is calculated again on it.`
          : `The realm reports on ${realmSet}. Recalculating on ${gwp} moves it to ${gwp}: every figure stays on ${realmSet} until the recalculation completes, then all of them change at once.`}
      </p>
      <RecalculationStatus state={recalculation} />
    </section>
  );
}
