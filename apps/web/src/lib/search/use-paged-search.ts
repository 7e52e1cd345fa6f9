import { useState } from 'react';
import { useDebouncedValue } from '../timing/use-debounced-value.ts';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box over a paged list: the text as typed, the search it settles on once typing pauses (so that each
 * keystroke does not ask the server again), and the offset of the page shown, back to the first with each search.
 * `initialText` is what the box holds at first (a link's search).
 */
export function usePagedSearch(initialText = '') {
  const [searchText, setSearchText] = useState(initialText);
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS).trim();
  // The offset belongs to the search it was chosen for: a new search starts again at the first page.
  const [page, setPage] = useState({ search, offset: 0 });
  const offset = page.search === search ? page.offset : 0;
  const setOffset = (next: number) => setPage({ search, offset: next });
  return { searchText, setSearchText, search, offset, setOffset };
}
