import { Combobox, type ComboboxProps } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '#lib/timing/use-debounced-value.ts';
import { emissionFactorOptionsQuery } from './facility-api.ts';

const SEARCH_DEBOUNCE_MS = 250;

type FactorComboboxProps = Omit<ComboboxProps, 'options' | 'listLabel' | 'emptyMessage' | 'footer'>;

/**
 * The emission factor field: the text is the factor key, and typing any words of a factor's name, source or key
 * (e.g. "diesel", "eGRID RFCW", "R-410A") lists the library and realm factors that hold them all.
 */
export function FactorCombobox({ value, ...props }: FactorComboboxProps) {
  const search = useDebouncedValue(value, SEARCH_DEBOUNCE_MS).trim();
  const factors = useQuery(emissionFactorOptionsQuery(search));
  const page = factors.data;
  const options =
    page?.results.map((factor) => ({
      value: factor.id,
      label: (
        <>
          <span className="font-medium">{factor.name}</span>{' '}
          <code className="rounded bg-muted px-1 text-xs">{factor.id}</code>
        </>
      ),
      description: `${factor.source} (${factor.year}), per ${factor.per}`,
    })) ?? [];
  const moreCount = page === undefined ? 0 : page.total - page.count;
  return (
    <Combobox
      {...props}
      value={value}
      options={options}
      listLabel="Suggestions"
      placeholder={props.placeholder ?? 'Search by name, source or key'}
      emptyMessage={
        factors.isError
          ? 'The factors could not be loaded'
          : page === undefined
            ? 'Searching…'
            : 'No factor holds all these words'
      }
      footer={moreCount > 0 ? `${moreCount} more match: add a word to narrow the list` : undefined}
    />
  );
}
