import { parseFormula } from '@ecc/domain';
import { useMemo } from 'react';
import { syntaxOutline, type SyntaxOutlineNode } from './calculation-syntax-outline.ts';

function OutlineNode({ node }: { node: SyntaxOutlineNode }) {
  const place = (
    <span className="text-muted-foreground ml-2 font-sans text-xs">
      line {node.line}, column {node.column}
    </span>
  );
  if (node.children.length === 0) {
    return (
      <li className="py-0.5 pl-5">
        {node.label}
        {place}
      </li>
    );
  }
  return (
    <li>
      {/* details/summary: a disclosure every browser opens with Enter or Space and announces as expanded or not. */}
      <details open>
        <summary className="focus-visible:ring-ring cursor-pointer rounded py-0.5 outline-none focus-visible:ring-2">
          {node.label}
          {place}
        </summary>
        <ul className="ml-3 border-l pl-2">
          {node.children.map((child) => (
            <OutlineNode key={child.id} node={child} />
          ))}
        </ul>
      </details>
    </li>
  );
}

/** The Formula tree tab: the parser's syntax tree of the formula, each node collapsible. */
export function CalculationIdeFormulaTree({ formula }: { formula: string }) {
  const parsed = useMemo(() => parseFormula(formula), [formula]);
  const outline = useMemo(() => syntaxOutline(parsed.formula), [parsed]);
  return (
    <div className="grid gap-2">
      {parsed.errors.length > 0 ? (
        <p role="status" className="text-sm">
          The formula has {parsed.errors.length === 1 ? 'an error' : `${parsed.errors.length} errors`}: the
          tree shows what the parser could read.
        </p>
      ) : null}
      {outline.length === 0 ? (
        <p className="text-muted-foreground text-sm">The formula is empty.</p>
      ) : (
        <ul aria-label="Syntax tree of the formula" className="font-mono text-sm" data-testid="formula-tree">
          {outline.map((node) => (
            <OutlineNode key={node.id} node={node} />
          ))}
        </ul>
      )}
    </div>
  );
}
