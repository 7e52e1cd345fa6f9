import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { selectedYearOf, YEAR_SEARCH_PARAM } from './selected-year.ts';

/** The year selected in the URL (`?year=`), and a way to select another: a navigation, so Back returns to it. */
export function useSelectedYear(): {
  year: number | undefined;
  selectYear: (year: number | undefined) => void;
} {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const selectYear = useCallback(
    (year: number | undefined) =>
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => ({ ...previous, [YEAR_SEARCH_PARAM]: year }),
      }),
    [navigate],
  );
  return { year: selectedYearOf(search), selectYear };
}
