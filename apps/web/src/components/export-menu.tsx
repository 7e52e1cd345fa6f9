import type { ExportFormat } from '@ecc/contracts';
import { Button } from '@ecc/ui';
import { ChevronDownIcon, DownloadIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';

const FORMATS: readonly { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV (comma-separated)' },
  { format: 'xlsx', label: 'XLSX (Excel workbook)' },
];

const ITEM_CLASSES =
  'flex cursor-pointer items-center rounded px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground';

export interface ExportMenuProps {
  /** What is exported, for the button's accessible name: `Export facilities`. */
  what: string;
  /** The download address of each format, with the table's filters applied. */
  hrefOf: (format: ExportFormat) => string;
  /** The button's visible text where several tables sit side by side; `Export` when absent. */
  label?: string;
}

/**
 * An Export button whose menu downloads the table as CSV or XLSX. The items are links the browser downloads
 * (the server names the file), so a large export streams to disk instead of passing through the page.
 */
export function ExportMenu({ what, hrefOf, label = 'Export' }: ExportMenuProps) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={`Export ${what}`}>
          <DownloadIcon aria-hidden="true" />
          {label}
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="bg-popover text-popover-foreground z-50 min-w-48 rounded-md border p-1 shadow-md"
        >
          {FORMATS.map(({ format, label }) => (
            <DropdownMenu.Item key={format} asChild className={ITEM_CLASSES}>
              <a href={hrefOf(format)} download>
                {label}
              </a>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
