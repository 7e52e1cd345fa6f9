import { useEffect, useState } from 'react';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box over a paged list: the text as typed, the search it settles on once typing pauses (so that each
 * keystroke does not ask the server again), and the offset of the page shown, back to the first with each search.
 */
export function usePagedSearch() {
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setOffset(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  return { searchText, setSearchText, search, offset, setOffset };
}
