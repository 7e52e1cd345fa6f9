import type { CalculationFolder, CalculationSummary } from '@ecc/contracts';
import { cn } from '@ecc/ui';
import { ChevronDownIcon, ChevronRightIcon, FolderIcon, FunctionSquareIcon } from 'lucide-react';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  calculationTree,
  foldersAbove,
  visibleTreeRows,
  type CalculationTreeRow,
} from './calculation-tree-model.ts';

export interface CalculationTreeProps {
  readonly folders: readonly CalculationFolder[];
  readonly calculations: readonly CalculationSummary[];
  /** The tree's accessible name. */
  readonly label: string;
  /** The calculation shown as selected (the open tab's). */
  readonly selectedId?: string;
  /** Enter, a click or a double click on a calculation. */
  readonly onOpen: (calculation: CalculationSummary) => void;
}

const TEST_STATUS_TEXT: Readonly<Record<CalculationSummary['testStatus'], string>> = {
  passed: 'tests pass',
  failed: 'a test fails',
  'not-run': 'tests not run',
  'no-tests': 'no tests',
};

/** What a calculation's row says after its name: version, state, tests, where it comes from. */
export function calculationStatusText(calculation: CalculationSummary): string {
  const parts = [
    calculation.latestVersion === null ? 'no version' : `v${calculation.latestVersion}`,
    calculation.state ?? 'empty',
    TEST_STATUS_TEXT[calculation.testStatus],
  ];
  if (calculation.inheritedFrom !== null) parts.push(`inherited from ${calculation.inheritedFrom}`);
  return parts.join(', ');
}

/**
 * The realm's calculations in their folders as an ARIA tree: arrows move and open or close folders, Home and End
 * jump, Enter opens a calculation; one row is in the tab order at a time.
 */
export function CalculationTree({ folders, calculations, label, selectedId, onOpen }: CalculationTreeProps) {
  const nodes = useMemo(() => calculationTree(folders, calculations), [folders, calculations]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set(folders.map((each) => each.id)),
  );
  const [focusedId, setFocusedId] = useState<string>();
  const rowRefs = useRef(new Map<string, HTMLLIElement>());
  const rows = useMemo(() => visibleTreeRows(nodes, expanded), [nodes, expanded]);

  // Opening a calculation (a link, a tab) shows it: its folders open, once each time the selection changes.
  const [shownSelectedId, setShownSelectedId] = useState<string>();
  if (selectedId !== shownSelectedId) {
    setShownSelectedId(selectedId);
    const folderId = calculations.find((each) => each.id === selectedId)?.folderId ?? null;
    const above = foldersAbove(folders, folderId);
    if (above.some((id) => !expanded.has(id))) setExpanded(new Set([...expanded, ...above]));
  }

  const tabStopId =
    rows.find((row) => row.node.id === focusedId)?.node.id ??
    rows.find((row) => row.node.id === selectedId)?.node.id ??
    rows[0]?.node.id;

  function focusRow(id: string | undefined) {
    if (id === undefined) return;
    setFocusedId(id);
    rowRefs.current.get(id)?.focus();
  }

  function toggle(id: string, isOpen: boolean) {
    const next = new Set(expanded);
    if (isOpen) next.add(id);
    else next.delete(id);
    setExpanded(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>, row: CalculationTreeRow, index: number) {
    const { node } = row;
    const isOpen = node.kind === 'folder' && expanded.has(node.id);
    let isHandled = true;
    switch (event.key) {
      case 'ArrowDown':
        focusRow(rows[index + 1]?.node.id);
        break;
      case 'ArrowUp':
        focusRow(rows[index - 1]?.node.id);
        break;
      case 'Home':
        focusRow(rows[0]?.node.id);
        break;
      case 'End':
        focusRow(rows.at(-1)?.node.id);
        break;
      case 'ArrowRight':
        if (node.kind === 'folder' && !isOpen) toggle(node.id, true);
        else if (node.kind === 'folder') focusRow(rows[index + 1]?.node.id);
        break;
      case 'ArrowLeft':
        if (isOpen) toggle(node.id, false);
        else focusRow(row.parentId);
        break;
      case 'Enter':
      case ' ':
        if (node.kind === 'folder') toggle(node.id, !isOpen);
        else onOpen(node.calculation);
        break;
      default:
        isHandled = false;
    }
    if (isHandled) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  if (rows.length === 0) return null;
  return (
    <ul role="tree" aria-label={label} className="grid gap-0.5 text-sm">
      {rows.map((row, index) => {
        const { node } = row;
        const isFolder = node.kind === 'folder';
        const isOpen = isFolder && expanded.has(node.id);
        const isSelected = node.id === selectedId;
        return (
          <li
            key={node.id}
            ref={(element) => {
              if (element === null) rowRefs.current.delete(node.id);
              else rowRefs.current.set(node.id, element);
            }}
            role="treeitem"
            aria-level={row.level}
            aria-posinset={row.positionInSet}
            aria-setsize={row.setSize}
            aria-expanded={isFolder ? isOpen : undefined}
            aria-selected={isFolder ? undefined : isSelected}
            tabIndex={node.id === tabStopId ? 0 : -1}
            data-calculation-id={isFolder ? undefined : node.id}
            className={cn(
              'focus-visible:ring-ring flex cursor-pointer items-center gap-1.5 rounded px-1 py-1 outline-none focus-visible:ring-2',
              isSelected ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
            )}
            style={{ paddingLeft: `${(row.level - 1) * 1 + 0.25}rem` }}
            onFocus={() => setFocusedId(node.id)}
            onKeyDown={(event) => onKeyDown(event, row, index)}
            onClick={() => {
              setFocusedId(node.id);
              if (isFolder) toggle(node.id, !isOpen);
              else onOpen(node.calculation);
            }}
          >
            {isFolder ? (
              <>
                {isOpen ? (
                  <ChevronDownIcon aria-hidden="true" className="size-4 shrink-0" />
                ) : (
                  <ChevronRightIcon aria-hidden="true" className="size-4 shrink-0" />
                )}
                <FolderIcon aria-hidden="true" className="size-4 shrink-0" />
                <span className="truncate">{node.folder.name}</span>
                {node.folder.inheritedFrom === null ? null : (
                  <span className="text-muted-foreground text-xs">(from {node.folder.inheritedFrom})</span>
                )}
              </>
            ) : (
              <>
                <FunctionSquareIcon aria-hidden="true" className="ml-5 size-4 shrink-0" />
                <span className="truncate font-mono">{node.calculation.name}</span>
                <span className="sr-only">: {calculationStatusText(node.calculation)}</span>
                <CalculationBadges calculation={node.calculation} />
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The visible part of a row's status (the screen reader hears the sentence instead). */
function CalculationBadges({ calculation }: { calculation: CalculationSummary }) {
  return (
    <span aria-hidden="true" className="ml-auto flex shrink-0 items-center gap-1 text-xs">
      {calculation.latestVersion === null ? null : (
        <span className="text-muted-foreground tabular-nums">v{calculation.latestVersion}</span>
      )}
      <span
        className={cn(
          'rounded border px-1',
          calculation.state === 'published'
            ? 'border-emerald-600 text-emerald-700 dark:text-emerald-400'
            : '',
        )}
      >
        {calculation.state ?? 'empty'}
      </span>
      {calculation.testStatus === 'failed' ? (
        <span className="text-destructive">✗</span>
      ) : calculation.testStatus === 'passed' ? (
        <span className="text-emerald-700 dark:text-emerald-400">✓</span>
      ) : null}
      {calculation.inheritedFrom === null ? null : <span title="Inherited">↑</span>}
    </span>
  );
}
