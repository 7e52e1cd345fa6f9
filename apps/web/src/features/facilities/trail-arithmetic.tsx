import type { ConversionStepDto, ResultArithmeticDto } from '@ecc/contracts';
import { formatMass } from '#lib/format/format-mass.ts';
import { formatNumber } from '#lib/format/format-number.ts';
import { formatQuantity } from '#lib/format/format-quantity.ts';
import { formatFactorValue } from './facility-format.ts';

function stepText(step: ConversionStepDto): string {
  return `${step.operation === 'divide' ? '÷' : '×'} ${formatFactorValue(step.value)} ${step.unit}`;
}

/**
 * One result's arithmetic as the server's domain engine explained it (`explainResult`): the quantity through
 * any certificate share and conversion to the factor's unit, then per gas factor → mass → × GWP → CO2e, and the
 * total on its GWP set. Nothing is recalculated here; the figures are formatted, not derived.
 */
export function TrailArithmetic({ arithmetic }: { arithmetic: ResultArithmeticDto }) {
  const coverage = arithmetic.certificateCoverage;
  const basis = [
    formatQuantity(arithmetic.quantity, arithmetic.unit),
    ...(coverage === null ? [] : [`× (1 − ${formatNumber(coverage * 100)} % certificates)`]),
    ...arithmetic.conversion.map(stepText),
  ];
  const published = arithmetic.publishedCo2e;
  return (
    <div className="grid gap-2 text-sm" data-testid="trail-arithmetic">
      <p>
        <span className="tabular-nums">{basis.join(' ')}</span> ={' '}
        <span className="font-medium tabular-nums">
          {formatQuantity(arithmetic.basisQuantity, arithmetic.basisUnit)}
        </span>
      </p>
      {published ? (
        <p className="tabular-nums">
          × {formatFactorValue(published.factorValue)} {published.factorUnit} CO2e/{arithmetic.basisUnit} ={' '}
          <span className="font-medium">{formatMass(arithmetic.co2eKg)}</span> (published on{' '}
          {published.gwpSetId}; gases not given apart)
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-xs tabular-nums">
            <caption className="sr-only">
              Mass of each gas and its CO2e on GWP set {arithmetic.gwpSetId}
            </caption>
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Gas
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Factor
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  Mass
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  GWP ({arithmetic.gwpSetId})
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  CO2e
                </th>
              </tr>
            </thead>
            <tbody>
              {arithmetic.gases.map((gas) => (
                <tr key={gas.gas} className="border-t">
                  <th scope="row" className="py-1 pr-2 font-medium">
                    {gas.gas}
                  </th>
                  <td className="py-1 pr-2">
                    × {formatFactorValue(gas.factorValue)} {gas.factorUnit} {gas.gas}/{arithmetic.basisUnit}
                  </td>
                  <td className="py-1 pr-2 text-right">
                    {/* The gas masses of the arithmetic keep their digits (0.03 kg), as the quantities do. */}
                    {formatQuantity(gas.massKg, 'kg')}
                  </td>
                  <td className="py-1 pr-2 text-right">× {gas.gwp === null ? '—' : formatNumber(gas.gwp)}</td>
                  <td className="py-1 text-right">{formatMass(gas.co2eKg)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t font-medium">
                <th scope="row" colSpan={4} className="py-1 pr-2 text-left">
                  Total on {arithmetic.gwpSetId}
                </th>
                <td className="py-1 text-right">{formatMass(arithmetic.co2eKg)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
