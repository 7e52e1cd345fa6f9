import type { GraphNode } from '@ecc/contracts';
import { Input } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { useDebouncedValue } from '#lib/timing/use-debounced-value.ts';
import { NODE_TYPE_COLOURS, nodeTypeName } from './graph-node-appearance.ts';
import { graphSearchQueryOptions } from './knowledge-graph-api.ts';

const SEARCH_DEBOUNCE_MS = 250;

/** The type, and for a factor its edition, so that a factor's editions (same name) tell apart. */
function optionDetail(node: GraphNode): string {
  const version = node.data['version'];
  return node.type === 'emission-factor' && typeof version === 'string'
    ? `${nodeTypeName(node)}, ${version}`
    : nodeTypeName(node);
}

export interface GraphSearchBoxProps {
  onChoose: (node: GraphNode) => void;
}

/**
 * Finds nodes of the realm by name (`GET /api/graph/search`, once typing pauses) in a combobox: Down and Up move
 * through the list, Enter chooses, Escape closes it; choosing focuses the graph on the node.
 */
export function GraphSearchBox({ onChoose }: GraphSearchBoxProps) {
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const search = useDebouncedValue(text, SEARCH_DEBOUNCE_MS).trim();
  const query = useQuery(graphSearchQueryOptions(search));
  const results = search.length > 0 ? (query.data?.results ?? []) : [];
  const isSettled = search === text.trim() && !query.isFetching;
  const isListShown = isOpen && text.trim().length > 0;

  const choose = (node: GraphNode) => {
    onChoose(node);
    setText('');
    setIsOpen(false);
    setActiveIndex(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      const chosen = results[activeIndex] ?? (results.length === 1 ? results[0] : undefined);
      if (isListShown && chosen) {
        event.preventDefault();
        choose(chosen);
      }
    } else if (event.key === 'Escape' && isListShown) {
      event.preventDefault();
      setIsOpen(false);
    }
  };

  return (
    <div className="relative w-full max-w-md">
      <label htmlFor={inputId} className="mb-1 block font-medium text-sm">
        Find a node
      </label>
      <Input
        id={inputId}
        type="search"
        role="combobox"
        autoComplete="off"
        placeholder="A facility, factor, report…"
        aria-expanded={isListShown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeIndex >= 0 && isListShown ? `${listId}-${activeIndex}` : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setIsOpen(true);
          setActiveIndex(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setIsOpen(false)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Nodes found"
        hidden={!isListShown}
        className="absolute z-20 mt-1 max-h-80 w-full overflow-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        {results.map((node, index) => (
          <li
            key={node.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm aria-selected:bg-accent"
            // Chosen on mouse down, before the box's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(node);
            }}
          >
            <span
              aria-hidden="true"
              className="inline-block size-3 shrink-0 rounded-full"
              style={{ backgroundColor: NODE_TYPE_COLOURS[node.type] }}
            />
            <span className="min-w-0 truncate">{node.label}</span>
            <span className="ml-auto shrink-0 text-muted-foreground text-xs">{optionDetail(node)}</span>
          </li>
        ))}
        {results.length === 0 && (
          <li role="presentation" className="px-2 py-1.5 text-muted-foreground text-sm">
            {isSettled ? 'No node of this realm has that name' : 'Searching…'}
          </li>
        )}
      </ul>
    </div>
  );
}
