import type { GraphNode } from '@ecc/contracts';
import { Button } from '@ecc/ui';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

const ITEM_HEIGHT = 28;
const PAGE_ITEMS = 10;

export interface VirtualNodeListProps {
  label: string;
  nodes: readonly GraphNode[];
  onChoose: (node: GraphNode) => void;
}

/** The index a key moves to in a list of `count`, or undefined for a key the list does not use. */
export function nextListIndex(key: string, index: number, count: number): number | undefined {
  const last = count - 1;
  const moves: Record<string, number> = {
    ArrowDown: index + 1,
    ArrowUp: index - 1,
    PageDown: index + PAGE_ITEMS,
    PageUp: index - PAGE_ITEMS,
    Home: 0,
    End: last,
  };
  const target = moves[key];
  return target === undefined ? undefined : Math.min(last, Math.max(0, target));
}

/**
 * A list of every node as buttons, of which only those scrolled into view (and the one holding the focus) are
 * built: a realm has thousands. It is one tab stop; the arrows, Page Up/Down, Home and End move the focus
 * through all of it, and each item tells its place (`aria-posinset` of `aria-setsize`), so nothing is out of
 * reach for the keyboard or a screen reader.
 */
export function VirtualNodeList({ label, nodes, onChoose }: VirtualNodeListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const shouldMoveFocus = useRef(false);
  const active = Math.min(activeIndex, Math.max(nodes.length - 1, 0));
  // The item holding the focus stays built while scrolled away, so the focus is never lost to the page.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return indexes.includes(active) ? indexes : [...indexes, active].sort((left, right) => left - right);
    },
    [active],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read while rendering this list only; no memoized child receives its functions.
  const virtualizer = useVirtualizer({
    count: nodes.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ITEM_HEIGHT,
    overscan: 8,
    rangeExtractor,
    initialRect: { width: 320, height: 256 },
  });

  useEffect(() => {
    if (!shouldMoveFocus.current) return;
    shouldMoveFocus.current = false;
    scrollRef.current?.querySelector<HTMLButtonElement>(`[data-index="${active}"] button`)?.focus();
  }, [active]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const next = nextListIndex(event.key, active, nodes.length);
    if (next === undefined) return;
    event.preventDefault();
    shouldMoveFocus.current = true;
    virtualizer.scrollToIndex(next);
    setActiveIndex(next);
  };

  return (
    <div ref={scrollRef} className="max-h-64 overflow-y-auto py-1">
      <ul
        aria-label={label}
        className="relative"
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={onKeyDown}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const node = nodes[item.index]!;
          return (
            <li
              key={node.id}
              data-index={item.index}
              aria-setsize={nodes.length}
              aria-posinset={item.index + 1}
              className="absolute top-0 left-0 w-full"
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
            >
              <Button
                type="button"
                variant="ghost"
                size="xs"
                className="w-full justify-start overflow-hidden text-left"
                title={node.label}
                tabIndex={item.index === active ? 0 : -1}
                onFocus={() => setActiveIndex(item.index)}
                onClick={() => onChoose(node)}
              >
                <span className="truncate">{node.label}</span>
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
