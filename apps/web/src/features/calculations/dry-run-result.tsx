import type { CalculationDryRunResponse, CalculationTraceEntry } from '@ecc/contracts';
import { formatMass, formatSignificant } from '#lib/format/index.ts';

function valueText(value: CalculationTraceEntry['value']): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return formatSignificant(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return `'${value}'`;
}

/** What a trace line did: the parameter it set, the gas it emitted, or the result. */
function stepText(entry: CalculationTraceEntry): string {
  if (entry.name !== undefined) return `set ${entry.name.startsWith(':') ? entry.name : `:${entry.name}`}`;
  if (entry.gas !== undefined) return `EMIT ${entry.gas} (kg)`;
  return 'value';
}

/** A dry run's result: the value, each gas's mass and the trace, a line of the formula a row. */
export function DryRunResult({
  response,
  caption,
  formula,
}: {
  response: CalculationDryRunResponse;
  caption: string;
  /** The formula that ran: each trace row then shows its line's text beside the value. */
  formula?: string;
}) {
  const gases = Object.entries(response.gases ?? {});
  const lines = formula?.split('\n');
  return (
    <div className="grid gap-3" data-testid="dry-run-result">
      <p className="text-lg font-semibold">
        <span className="sr-only">Result: </span>
        {typeof response.value === 'number' ? (
          <>
            {formatMass(response.value)}{' '}
            <span className="text-muted-foreground text-sm font-normal">
              ({formatSignificant(response.value)} kg CO2e, {response.gwp})
            </span>
          </>
        ) : (
          valueText(response.value)
        )}
      </p>
      {gases.length > 0 ? (
        <ul className="flex flex-wrap gap-3 text-sm" aria-label="Gases">
          {gases.map(([gas, kg]) => (
            <li key={gas} className="rounded border px-2 py-1">
              {gas}: {formatSignificant(kg)} kg
            </li>
          ))}
        </ul>
      ) : null}
      <table className="w-full text-sm">
        <caption className="text-muted-foreground text-left text-xs">{caption}</caption>
        <thead>
          <tr className="text-left">
            <th scope="col" className="py-1 pr-3 font-medium">
              Line
            </th>
            {lines === undefined ? null : (
              <th scope="col" className="py-1 pr-3 font-medium">
                Formula line
              </th>
            )}
            <th scope="col" className="py-1 pr-3 font-medium">
              Step
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Value
            </th>
          </tr>
        </thead>
        <tbody>
          {response.trace.map((entry, index) => (
            <tr key={index} className="border-t">
              <td className="py-1 pr-3 tabular-nums">{entry.line}</td>
              {lines === undefined ? null : (
                <td className="text-muted-foreground py-1 pr-3 font-mono text-xs break-all">
                  {lines[entry.line - 1]?.trim() ?? ''}
                </td>
              )}
              <td className="py-1 pr-3 font-mono">{stepText(entry)}</td>
              <td className="py-1 text-right font-mono tabular-nums">{valueText(entry.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
