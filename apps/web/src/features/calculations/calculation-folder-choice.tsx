import type { CalculationFolder } from '@ecc/contracts';
import type { ComponentProps } from 'react';
import { folderPaths } from './calculation-tree.ts';

/** The value of the top level in a folder choice (no folder). */
export const TOP_LEVEL = '';

interface FolderChoiceProps extends Omit<ComponentProps<'select'>, 'value' | 'onChange'> {
  readonly folders: readonly CalculationFolder[];
  readonly value: string;
  readonly onChange: (value: string) => void;
}

/**
 * The realm's own folders by path (inherited ones cannot hold its calculations), or the top level. The select's
 * other attributes (id, aria-describedby from a FormField) pass through.
 */
export function FolderChoice({ folders, value, onChange, ...selectProps }: FolderChoiceProps) {
  const paths = folderPaths(folders);
  const own = folders
    .filter((folder) => folder.inheritedFrom === null)
    .sort((left, right) =>
      (paths.get(left.id) ?? '').localeCompare(paths.get(right.id) ?? '', 'en', { numeric: true }),
    );
  return (
    <select
      {...selectProps}
      className="bg-background h-9 w-full rounded-md border px-2 text-sm"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value={TOP_LEVEL}>(top level)</option>
      {own.map((folder) => (
        <option key={folder.id} value={folder.id}>
          {paths.get(folder.id)}
        </option>
      ))}
    </select>
  );
}
