import { Button } from '@ecc/ui';

/** Previous and Next around the range shown (`51–100 of 240`), for a paged list of `pageSize` rows. */
export function PageNavigation({
  page,
  pageSize,
  onOffsetChange,
}: {
  page: { offset: number; count: number; total: number };
  pageSize: number;
  onOffsetChange: (offset: number) => void;
}) {
  return (
    <div className="mt-2 flex items-center gap-2 text-sm">
      <Button
        variant="outline"
        size="sm"
        disabled={page.offset === 0}
        onClick={() => onOffsetChange(Math.max(0, page.offset - pageSize))}
      >
        Previous
      </Button>
      <span>
        {page.offset + 1}–{page.offset + page.count} of {page.total}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={page.offset + page.count >= page.total}
        onClick={() => onOffsetChange(page.offset + pageSize)}
      >
        Next
      </Button>
    </div>
  );
}
