import {
  addCase,
  changeIconText,
  insertStatementAfter,
  layoutDiagram,
  parseExpressionText,
  parseStatementText,
  removeIcon,
  swapBranches,
  type DrakonDiagram,
  type DrakonEditResult,
  type DrakonIcon,
  type DrakonLayout,
} from '@ecc/domain';
import { Button } from '@ecc/ui';
import {
  ArrowLeftRightIcon,
  PencilIcon,
  PlusIcon,
  ScanIcon,
  Trash2Icon,
  Undo2Icon,
  ZoomInIcon,
  ZoomOutIcon,
} from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { DRAKON_ICON_LABELS, DrakonShape } from './calculation-icons.tsx';
import { DrakonIconDialog, type DrakonIconDialogProps } from './drakon-icon-dialog.tsx';

const CELL_WIDTH = 250;
const ROW_HEIGHT = 76;
const ICON_WIDTH = 210;
const ICON_HEIGHT = 46;
const PADDING = 16;
const CHARACTERS_A_LINE = 30;
const MIN_ZOOM = 0.4;
const MAX_ZOOM = 2;

function xOf(column: number): number {
  return PADDING + column * CELL_WIDTH + CELL_WIDTH / 2;
}

function yOf(row: number): number {
  return PADDING + row * ROW_HEIGHT;
}

/** An icon's text in at most two lines, the second ending in … when cut; the full text is the icon's name. */
function linesOf(text: string): string[] {
  if (text.length <= CHARACTERS_A_LINE) return [text];
  const breakAt = text.lastIndexOf(' ', CHARACTERS_A_LINE);
  const cut = breakAt > CHARACTERS_A_LINE / 2 ? breakAt : CHARACTERS_A_LINE;
  const rest = text.slice(cut).trim();
  return [
    text.slice(0, cut),
    rest.length > CHARACTERS_A_LINE ? `${rest.slice(0, CHARACTERS_A_LINE - 1)}…` : rest,
  ];
}

/** What an icon shows: the end says End, then its result when it has one. */
function shownText(icon: DrakonIcon): string {
  if (icon.kind !== 'end' || icon.editText === undefined) return icon.text;
  return `End: ${icon.text}`;
}

function nameOf(icon: DrakonIcon): string {
  if (icon.kind === 'end') return shownText(icon);
  const note = icon.note === undefined ? '' : ` (${icon.note})`;
  return `${DRAKON_ICON_LABELS[icon.kind]}: ${icon.text}${note}`;
}

/** The icon an arrow key moves to: the nearest one that way, the same column first for up and down. */
export function neighbourOf(layout: DrakonLayout, from: DrakonIcon, key: string): DrakonIcon | undefined {
  const distance = (icon: DrakonIcon) =>
    Math.abs(icon.column - from.column) * 10 + Math.abs(icon.row - from.row);
  const candidates = layout.icons.filter((icon) => {
    if (key === 'ArrowDown') return icon.row > from.row && icon.column === from.column;
    if (key === 'ArrowUp') return icon.row < from.row && icon.column === from.column;
    if (key === 'ArrowRight') return icon.column > from.column;
    if (key === 'ArrowLeft') return icon.column < from.column;
    return false;
  });
  return candidates.sort((a, b) => distance(a) - distance(b))[0];
}

type DialogState = Omit<DrakonIconDialogProps, 'onClose'>;

export interface DrakonDiagramViewProps {
  diagram: DrakonDiagram;
  title: string;
  /** False while the formula has errors: the diagram shows the last formula that read, and cannot be edited. */
  isEditable: boolean;
  /** A new diagram from an edit, with what the edit did in a few words. */
  onChange: (diagram: DrakonDiagram, description: string) => void;
  onUndo: () => void;
  canUndo: boolean;
}

/**
 * The formula as a DRAKON diagram in SVG: icons are focusable (arrows move between them, Enter edits, Delete
 * removes, Ctrl+Z undoes), the toolbar acts on the selected icon, and zoom and fit change the scale.
 */
export function DrakonDiagramView({
  diagram,
  title,
  isEditable,
  onChange,
  onUndo,
  canUndo,
}: DrakonDiagramViewProps) {
  const layout = useMemo(() => layoutDiagram(diagram, title), [diagram, title]);
  const [selectedId, setSelectedId] = useState('header');
  const [zoom, setZoom] = useState(1);
  const [dialog, setDialog] = useState<DialogState>();
  const iconRefs = useRef(new Map<string, SVGGElement>());
  const scrollRef = useRef<HTMLDivElement>(null);
  const shouldFocusRef = useRef(false);

  const selected = layout.icons.find((icon) => icon.id === selectedId) ?? layout.icons[0];
  const width = PADDING * 2 + layout.columns * CELL_WIDTH;
  const height = PADDING * 2 + layout.rows * ROW_HEIGHT;

  useEffect(() => {
    if (!shouldFocusRef.current || selected === undefined) return;
    shouldFocusRef.current = false;
    iconRefs.current.get(selected.id)?.focus();
  }, [selected]);

  function select(icon: DrakonIcon | undefined) {
    if (icon === undefined) return;
    shouldFocusRef.current = true;
    setSelectedId(icon.id);
  }

  function apply(result: DrakonEditResult, description: string): DrakonEditResult {
    if (result.diagram !== undefined) onChange(result.diagram, description);
    return result;
  }

  function editIcon(icon: DrakonIcon) {
    if (!isEditable || icon.editText === undefined) return;
    const fieldLabels: Partial<Record<DrakonIcon['kind'], string>> = {
      question: 'Condition',
      select: 'Value to select on',
      case: 'Case value',
      comment: 'Comment',
      end: 'Result',
    };
    const isStatement = (icon.kind === 'action' || icon.kind === 'emission') && !icon.id.includes('/');
    const label = isStatement ? 'Line' : (fieldLabels[icon.kind] ?? 'Value of the branch');
    setDialog({
      title: `Change the ${DRAKON_ICON_LABELS[icon.kind].toLowerCase()}`,
      description: isStatement
        ? "One line of the formula: set :name = value, EMIT('gas', kg) or a value."
        : 'The parser checks the text before the formula changes.',
      fields: [{ name: 'text', label, initialText: icon.editText }],
      submitLabel: 'Apply',
      onSubmit: (texts) => apply(changeIconText(diagram, icon.id, texts.text ?? ''), `${label} changed`),
    });
  }

  function addAfter(icon: DrakonIcon) {
    if (!isEditable) return;
    setDialog({
      title: 'Add an action',
      description: 'A new line after this icon’s line (after the header: first; at the end: last).',
      fields: [{ name: 'text', label: 'Line', initialText: 'set :value = 0' }],
      submitLabel: 'Add',
      onSubmit: (texts) => {
        const parsed = parseStatementText(texts.text ?? '');
        if (parsed.errors !== undefined) return parsed;
        return apply(insertStatementAfter(diagram, icon.id, parsed.value), 'Action added');
      },
    });
  }

  function addCaseTo(icon: DrakonIcon) {
    if (!isEditable) return;
    setDialog({
      title: 'Add a case',
      description: 'A case after the last one, before otherwise.',
      fields: [
        { name: 'label', label: 'Case value', initialText: "'new case'" },
        { name: 'value', label: 'Value of the branch', initialText: '0' },
      ],
      submitLabel: 'Add case',
      onSubmit: (texts) => {
        const label = parseExpressionText(texts.label ?? '');
        if (label.errors !== undefined) return { ...label, field: 'label' };
        const value = parseExpressionText(texts.value ?? '');
        if (value.errors !== undefined) return { ...value, field: 'value' };
        return apply(addCase(diagram, icon.id, label.value, value.value), 'Case added');
      },
    });
  }

  function remove(icon: DrakonIcon) {
    if (!isEditable || !icon.canRemove) return;
    const neighbour = neighbourOf(layout, icon, 'ArrowUp') ?? layout.icons[0];
    const result = apply(removeIcon(diagram, icon.id), `${DRAKON_ICON_LABELS[icon.kind]} removed`);
    if (result.diagram !== undefined) select(neighbour);
  }

  function swap(icon: DrakonIcon) {
    if (!isEditable || icon.kind !== 'question') return;
    apply(swapBranches(diagram, icon.id), 'Yes and no swapped');
    select(icon);
  }

  function onKeyDown(event: KeyboardEvent, icon: DrakonIcon) {
    if (event.key.startsWith('Arrow')) {
      event.preventDefault();
      select(neighbourOf(layout, icon, event.key));
    } else if (event.key === 'Home') {
      event.preventDefault();
      select(layout.icons[0]);
    } else if (event.key === 'End') {
      event.preventDefault();
      select(layout.icons.at(-1));
    } else if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      editIcon(icon);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(icon);
    } else if (event.key.toLowerCase() === 'z' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onUndo();
    }
  }

  function fit() {
    const available = scrollRef.current?.clientWidth ?? width;
    setZoom(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, available / width)));
  }

  const canEdit = isEditable && selected?.editText !== undefined;
  return (
    <div className="grid gap-3">
      <div role="toolbar" aria-label="Diagram" className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={!canEdit}
          onClick={() => selected && editIcon(selected)}
        >
          <PencilIcon aria-hidden="true" /> Edit
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!isEditable}
          onClick={() => selected && addAfter(selected)}
        >
          <PlusIcon aria-hidden="true" /> Add action after
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!isEditable || selected?.kind !== 'select'}
          onClick={() => selected && addCaseTo(selected)}
        >
          <PlusIcon aria-hidden="true" /> Add case
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!isEditable || selected?.kind !== 'question'}
          onClick={() => selected && swap(selected)}
        >
          <ArrowLeftRightIcon aria-hidden="true" /> Swap yes/no
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!isEditable || selected?.canRemove !== true}
          onClick={() => selected && remove(selected)}
        >
          <Trash2Icon aria-hidden="true" /> Remove
        </Button>
        <Button size="sm" variant="outline" disabled={!canUndo} onClick={onUndo}>
          <Undo2Icon aria-hidden="true" /> Undo
        </Button>
        <span className="mx-1 border-l" aria-hidden="true" />
        <Button
          size="sm"
          variant="outline"
          aria-label="Zoom out"
          onClick={() => setZoom((value) => Math.max(MIN_ZOOM, value / 1.25))}
        >
          <ZoomOutIcon aria-hidden="true" />
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label="Zoom in"
          onClick={() => setZoom((value) => Math.min(MAX_ZOOM, value * 1.25))}
        >
          <ZoomInIcon aria-hidden="true" />
        </Button>
        <Button size="sm" variant="outline" onClick={fit}>
          <ScanIcon aria-hidden="true" /> Fit
        </Button>
        <span className="text-muted-foreground self-center text-sm" aria-live="polite">
          {Math.round(zoom * 100)}%
        </span>
      </div>
      <div ref={scrollRef} className="bg-background max-h-[70vh] overflow-auto rounded-lg border">
        <svg
          role="group"
          aria-label={`DRAKON diagram of ${title}`}
          aria-roledescription="diagram"
          width={width * zoom}
          height={height * zoom}
          viewBox={`0 0 ${width} ${height}`}
          className="text-foreground"
        >
          {layout.lines.map((line, index) => {
            const points = line.points.map((point) => `${xOf(point.column)},${yOf(point.row)}`).join(' ');
            const last = line.points.at(-1);
            return (
              <g key={index}>
                <polyline points={points} fill="none" className="stroke-muted-foreground" strokeWidth={1.5} />
                {line.caption !== undefined && last !== undefined ? (
                  <text
                    x={xOf(last.column) + 6}
                    y={yOf(last.row) + (line.caption === 'yes' ? 14 : -6)}
                    className="fill-muted-foreground text-[11px]"
                  >
                    {line.caption}
                  </text>
                ) : null}
              </g>
            );
          })}
          {layout.icons.map((icon) => {
            const centreX = xOf(icon.column);
            const centreY = yOf(icon.row + 0.5);
            const left = centreX - ICON_WIDTH / 2;
            const top = centreY - ICON_HEIGHT / 2;
            const lines = linesOf(shownText(icon));
            const isSelected = icon.id === selected?.id;
            return (
              <g
                key={icon.id}
                ref={(element) => {
                  if (element === null) iconRefs.current.delete(icon.id);
                  else iconRefs.current.set(icon.id, element);
                }}
                role="button"
                aria-label={nameOf(icon)}
                aria-pressed={isSelected}
                data-icon-id={icon.id}
                data-icon-kind={icon.kind}
                tabIndex={isSelected ? 0 : -1}
                className="cursor-pointer outline-none"
                onClick={() => select(icon)}
                onDoubleClick={() => editIcon(icon)}
                onFocus={() => setSelectedId(icon.id)}
                onKeyDown={(event) => onKeyDown(event, icon)}
              >
                <title>{nameOf(icon)}</title>
                <DrakonShape kind={icon.kind} x={left} y={top} width={ICON_WIDTH} height={ICON_HEIGHT} />
                {isSelected ? (
                  <rect
                    x={left - 4}
                    y={top - 4}
                    width={ICON_WIDTH + 8}
                    height={ICON_HEIGHT + 8}
                    rx={6}
                    fill="none"
                    className="stroke-ring"
                    strokeWidth={2.5}
                    strokeDasharray="5 3"
                  />
                ) : null}
                <text
                  x={centreX}
                  y={centreY + (lines.length === 1 ? 4 : -4)}
                  textAnchor="middle"
                  className="fill-foreground font-mono text-[12px]"
                >
                  {lines.map((line, index) => (
                    <tspan key={index} x={centreX} dy={index === 0 ? 0 : 15}>
                      {line}
                    </tspan>
                  ))}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <p className="text-muted-foreground text-xs">
        Arrow keys move between icons, Enter edits, Delete removes, Ctrl+Z undoes. Yes goes down the skewer,
        no to the right.
      </p>
      {dialog !== undefined ? <DrakonIconDialog {...dialog} onClose={() => setDialog(undefined)} /> : null}
    </div>
  );
}
