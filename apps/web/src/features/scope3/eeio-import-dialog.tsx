import { GWP_SETS_OF_PUBLISHED_CO2E } from '@ecc/contracts';
import { FormField, selectClasses } from '@ecc/ui';
import { useState } from 'react';
import { CsvImportDialog } from './csv-import-dialog.tsx';
import { importEeioFactors } from './scope3-api.ts';

export interface EeioImportDialogProps {
  onImported: (result: { naicsCodes: number; factors: number }) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Imports EPA's Supply Chain GHG Emission Factors CSV (or a file of the same columns) as the realm's EEIO factors:
 * the file is read in the browser, sent, and either every NAICS code is imported or the problems are listed by
 * row and column, nothing written.
 */
export function EeioImportDialog({ onImported, onClose }: EeioImportDialogProps) {
  const [gwpSetId, setGwpSetId] = useState<(typeof GWP_SETS_OF_PUBLISHED_CO2E)[number]>('AR5');
  return (
    <CsvImportDialog
      title="Import EEIO factors"
      description="EPA's Supply Chain GHG Emission Factors CSV: each NAICS code becomes a factor at purchaser price (with margins) and one at producer price (without margins)."
      fileLabel="Factor file (CSV)"
      submitLabel="Import factors"
      importFile={(file) => importEeioFactors({ ...file, gwpSetId })}
      onImported={onImported}
      onClose={onClose}
      renderFields={(isBusy) => (
        <FormField label="GWP set of the published CO2e" description="The edition's documentation names it.">
          <select
            className={selectClasses}
            value={gwpSetId}
            disabled={isBusy}
            onChange={(event) => setGwpSetId(event.target.value as typeof gwpSetId)}
          >
            {GWP_SETS_OF_PUBLISHED_CO2E.map((set) => (
              <option key={set} value={set}>
                {set}
              </option>
            ))}
          </select>
        </FormField>
      )}
    />
  );
}
