import {
  CALCULATION_EXAMPLES,
  CALCULATION_TYPE_LABELS,
  diagramOfFormula,
  parseFormula,
  type CalculationExample,
} from '@ecc/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { QueryStates } from '#components/query-states.tsx';
import type { PageProps } from '#lib/routing/page-props.ts';
import { CalculationTypeIcon, DrakonIconSymbol } from './calculation-icons.tsx';
import { dryRunQueryOptions } from './calculations-api.ts';
import { DryRunResult } from './dry-run-result.tsx';

/** The DRAKON icons an example's diagram uses, in legend order, so the card shows how it will be drawn. */
function drakonKindsOf(example: CalculationExample) {
  const diagram = diagramOfFormula(parseFormula(example.formula).formula);
  const kinds = new Set<'action' | 'emission' | 'comment' | 'question' | 'select'>();
  for (const item of diagram.items) {
    if (item.kind === 'comment') kinds.add('comment');
    else if (item.kind === 'action') kinds.add(item.statement.kind === 'emit' ? 'emission' : 'action');
    else kinds.add(item.decision.kind);
  }
  return [...kinds];
}

function ExampleCard({ example }: { example: CalculationExample }) {
  const id = useId();
  const parameters = Object.fromEntries(
    example.parameters.map((parameter) => [parameter.name, parameter.value]),
  );
  const result = useQuery(dryRunQueryOptions({ formula: example.formula, parameters, gwp: example.gwp }));
  return (
    <article
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-lg border p-4"
      data-example-id={example.id}
    >
      <header className="flex items-start gap-3">
        <CalculationTypeIcon type={example.calculationType} className="mt-1 size-6 shrink-0" />
        <div className="grid gap-1">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {example.title}
          </h2>
          <p className="text-muted-foreground text-sm">
            {CALCULATION_TYPE_LABELS[example.calculationType]} · {example.summary}
          </p>
        </div>
      </header>
      <p className="text-sm">
        <span className="font-medium">Method: </span>
        <cite>{example.source}</cite>
      </p>
      <div className="grid gap-1">
        <h3 className="text-sm font-medium">Formula</h3>
        {/* Wrapped rather than scrolled: a scrolling block would need a keyboard stop of its own. */}
        <pre className="bg-muted rounded p-3 text-xs break-words whitespace-pre-wrap">
          <code>{example.formula}</code>
        </pre>
      </div>
      <div className="grid gap-1 text-sm">
        <h3 className="font-medium">Sample parameters</h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {example.parameters.map((parameter) => (
            <div key={parameter.name} className="contents">
              <dt className="font-mono">
                :{parameter.name} ={' '}
                {typeof parameter.value === 'string' ? `'${parameter.value}'` : String(parameter.value)}
              </dt>
              <dd className="text-muted-foreground">{parameter.description}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="grid gap-1">
        <h3 className="text-sm font-medium">Result, computed now by the dry run ({example.gwp})</h3>
        <QueryStates
          query={result}
          loading={<LoadingSkeleton label={`Running ${example.title}`} skeletons={['h-8', 'h-24']} />}
          errorTitle={`${example.title} could not be run`}
        >
          {(outcome) =>
            outcome.isSuccess ? (
              <DryRunResult
                response={outcome.response}
                caption={`Trace of ${example.title}, line by line.`}
              />
            ) : (
              <p role="alert" className="text-destructive text-sm">
                {outcome.failure.errors
                  .map((error) => `Line ${error.line}, column ${error.column}: ${error.message}`)
                  .join(' ')}
              </p>
            )
          }
        </QueryStates>
      </div>
      <footer className="flex flex-wrap items-center justify-between gap-3">
        <span className="flex items-center gap-1" aria-label="Drawn with">
          {drakonKindsOf(example).map((kind) => (
            <DrakonIconSymbol key={kind} kind={kind} className="h-5 w-10" />
          ))}
        </span>
        <span className="flex flex-wrap gap-4">
          <Link
            to="/calc-editor/drakon"
            search={{ formula: example.formula, title: example.title }}
            className="text-primary text-sm font-medium underline-offset-4 hover:underline"
            aria-label={`View ${example.title} as DRAKON`}
          >
            View as DRAKON
          </Link>
          <Link
            to="/calc-editor"
            search={{ example: example.id }}
            className="text-primary text-sm font-medium underline-offset-4 hover:underline"
            aria-label={`Open ${example.title} in the editor`}
          >
            Open in editor
          </Link>
        </span>
      </footer>
    </article>
  );
}

/** `/calc-editor/examples` (issue 13 item 5): worked calculations that run, each with its method's source. */
export function ExamplesPage({ route }: PageProps) {
  return (
    <>
      <PageHeader
        title={route.title}
        description="Worked calculations in the formula language, each run live on its sample parameters. View one as a DRAKON diagram, or open it in the editor as a new calculation of the realm."
      />
      <div className="grid gap-6 lg:grid-cols-2">
        {CALCULATION_EXAMPLES.map((example) => (
          <ExampleCard key={example.id} example={example} />
        ))}
      </div>
    </>
  );
}
