import { CALCULATION_TYPE_LABELS, CALCULATION_TYPES, type DrakonIconKind } from '@ecc/domain';
import { PageHeader } from '#components/page-header.tsx';
import type { PageProps } from '#lib/routing/page-props.ts';
import {
  CALCULATION_TYPE_DESCRIPTIONS,
  CalculationTypeIcon,
  DRAKON_ICON_DESCRIPTIONS,
  DRAKON_ICON_LABELS,
  DrakonIconSymbol,
} from './calculation-icons.tsx';

const DRAKON_KINDS: readonly DrakonIconKind[] = [
  'header',
  'action',
  'emission',
  'question',
  'select',
  'case',
  'comment',
  'end',
];

/** `/calc-editor/CalculationsIcon` (issue 13 item 9): the icon set of the calculation tools, with a legend. */
export function CalculationIconsPage({ route }: PageProps) {
  return (
    <>
      <PageHeader
        title={route.title}
        description="The icons the calculation tools draw: one for each GHG Protocol calculation method, and the DRAKON icons of the flowchart view."
      />
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="calculation-types-title" className="grid content-start gap-3">
          <h2 id="calculation-types-title" className="text-lg font-semibold">
            Calculation methods
          </h2>
          <ul className="grid gap-3">
            {CALCULATION_TYPES.map((type) => (
              <li key={type} className="flex items-start gap-3 rounded-lg border p-3">
                <CalculationTypeIcon type={type} className="mt-0.5 size-6 shrink-0" isDecorative />
                <div>
                  <p className="font-medium">{CALCULATION_TYPE_LABELS[type]}</p>
                  <p className="text-muted-foreground text-sm">{CALCULATION_TYPE_DESCRIPTIONS[type]}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="drakon-icons-title" className="grid content-start gap-3">
          <h2 id="drakon-icons-title" className="text-lg font-semibold">
            DRAKON icons
          </h2>
          <ul className="grid gap-3">
            {DRAKON_KINDS.map((kind) => (
              <li key={kind} className="flex items-start gap-3 rounded-lg border p-3">
                <DrakonIconSymbol kind={kind} className="h-7 w-14 shrink-0" />
                <div>
                  <p className="font-medium">{DRAKON_ICON_LABELS[kind]}</p>
                  <p className="text-muted-foreground text-sm">{DRAKON_ICON_DESCRIPTIONS[kind]}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
