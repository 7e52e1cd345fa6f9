import { PageHeader } from '#components/page-header.tsx';
import { useCan } from '#lib/permissions/use-ability.ts';
import { DraftFactors } from './draft-factors.tsx';
import { FactorLibrary } from './factor-library.tsx';
import { NewFactorForm } from './new-factor-form.tsx';
import { RecalculationPanel } from './recalculation-panel.tsx';

/** /emission-factors: the factor library, the realm's own factors and bulk recalculation (issue 4, items 2–3). */
export function EmissionFactorsPage() {
  const canCreateFactors = useCan('create', 'EmissionFactor');
  const canRecalculate = useCan('update', 'Realm');
  return (
    <>
      <PageHeader
        title="Emission factors"
        description="Browse the factor library and manage your own factors."
      />
      <div className="grid gap-8">
        <FactorLibrary />
        {canCreateFactors && (
          <>
            <DraftFactors />
            <NewFactorForm />
          </>
        )}
        {canRecalculate && <RecalculationPanel />}
      </div>
    </>
  );
}
