import { Button } from '@ecc/ui';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { formatNumber } from '#lib/format/format-number.ts';

export interface FacilityPaginationProps {
  /** From 1. */
  page: number;
  pageCount: number;
  /** The next page is on its way: the buttons wait. */
  isLoading: boolean;
  onPage: (page: number) => void;
}

/** Previous and next page of the list, and where the user is among the pages. */
export function FacilityPagination({ page, pageCount, isLoading, onPage }: FacilityPaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages of facilities" className="flex items-center justify-end gap-3 text-sm">
      <Button variant="outline" size="sm" disabled={page <= 1 || isLoading} onClick={() => onPage(page - 1)}>
        <ChevronLeftIcon aria-hidden="true" /> Previous
      </Button>
      <span aria-live="polite" className="tabular-nums">
        Page {formatNumber(page)} of {formatNumber(pageCount)}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= pageCount || isLoading}
        onClick={() => onPage(page + 1)}
      >
        Next <ChevronRightIcon aria-hidden="true" />
      </Button>
    </nav>
  );
}
