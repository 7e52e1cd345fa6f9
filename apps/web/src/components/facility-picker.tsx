import { facilityEndpoints, type FacilityDto } from '@ecc/contracts';
import { Combobox } from '@ecc/ui';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { formatNumber } from '#lib/format/format-number.ts';
import { useDebouncedValue } from '#lib/timing/use-debounced-value.ts';

/** Facilities the picker offers for what was typed: one page of the server's search, never the whole realm. */
export const FACILITY_PICKER_LIMIT = 20;

/** How long typing pauses before the server is asked. */
const SEARCH_DELAY_MS = 300;

export function facilitySearchQuery(text: string, isArchivedIncluded: boolean) {
  return queryOptions({
    queryKey: ['facilities', 'picker', { text, isArchivedIncluded }] as const,
    queryFn: async ({ signal }) =>
      callEndpoint(facilityEndpoints.list, {
        query: {
          q: text === '' ? undefined : text,
          archived: isArchivedIncluded ? 'true' : 'false',
          limit: FACILITY_PICKER_LIMIT,
          sort: 'name',
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One facility by slug, for a form that opens on a facility whose name its caller does not know. */
function facilityBySlugQuery(slug: string) {
  return queryOptions({
    queryKey: ['facilities', 'picker', 'chosen', slug] as const,
    queryFn: async ({ signal }) =>
      callEndpoint(facilityEndpoints.detail, { params: { slug }, query: {}, signal }),
    enabled: slug !== '',
    select: (detail) => detail.facility,
  });
}

/** What choosing a facility puts in the box: its name and slug, which the realm keeps unique. */
export function facilityChoiceOf(facility: Pick<FacilityDto, 'name' | 'slug'>): string {
  return `${facility.name} (${facility.slug})`;
}

export interface FacilityPickerProps {
  /** The chosen facility's id or slug (see `chooseBy`); '' for none. */
  value: string;
  /** Called with '' (and no facility) when the box no longer names one of the offered facilities. */
  onChange: (value: string, facility: FacilityDto | undefined) => void;
  /** Which key of the facility `value` holds. */
  chooseBy?: 'id' | 'slug';
  /** The chosen facility's name when the caller has it (a row's DTO carries it); fetched by slug otherwise. */
  selectedName?: string;
  /** Archived facilities too: their past years still count (intensity denominators). */
  isArchivedIncluded?: boolean;
  placeholder?: string;
  /** Set by `FormField`, which labels the box and ties its error to it. */
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}

/**
 * A facility of the realm, whatever its size: a search of its facilities by any words of their name, city, state
 * or NAICS code (the facility list's own search, on the server), chosen with the keyboard or the pointer. Put it
 * inside a `FormField` for its label and error, and drive it from a form's controlled field.
 */
export function FacilityPicker({
  value,
  onChange,
  chooseBy = 'id',
  selectedName,
  isArchivedIncluded = false,
  placeholder = 'Search by name, city, state or NAICS',
  id,
  'aria-describedby': describedBy,
  'aria-invalid': isInvalid,
}: FacilityPickerProps) {
  // Undefined until the person types: the box shows the chosen facility's name, which may arrive later.
  const [typed, setTyped] = useState<string>();
  const chosen = useQuery({
    ...facilityBySlugQuery(value),
    enabled: chooseBy === 'slug' && value !== '' && selectedName === undefined,
  });
  const chosenName = selectedName ?? chosen.data?.name;
  const text = typed ?? (value === '' ? '' : (chosenName ?? ''));
  // What the person typed, not a choice put in the box: choosing must not search for the choice's own text.
  const [searched, setSearched] = useState('');
  const search = useDebouncedValue(searched, SEARCH_DELAY_MS);
  const facilities = useQuery(facilitySearchQuery(search, isArchivedIncluded));
  const results = facilities.data?.results ?? [];
  const more = (facilities.data?.total ?? 0) - results.length;
  return (
    <Combobox
      id={id}
      aria-describedby={describedBy}
      aria-invalid={isInvalid}
      value={text}
      placeholder={placeholder}
      listLabel="Facilities"
      emptyMessage={facilities.isFetching ? 'Searching…' : 'No facility matches'}
      footer={more > 0 ? `${formatNumber(more)} more: type more of the name` : undefined}
      options={results.map((facility) => ({
        value: facilityChoiceOf(facility),
        label: facility.archivedOn === null ? facility.name : `${facility.name} (archived)`,
        description: [
          facility.location.state ?? facility.location.country,
          facility.naics ? `NAICS ${facility.naics}` : null,
        ]
          .filter((part) => part !== null)
          .join(' · '),
      }))}
      onValueChange={(next) => {
        setTyped(next);
        const picked = results.find((facility) => facilityChoiceOf(facility) === next);
        if (picked) {
          onChange(chooseBy === 'id' ? picked.id : picked.slug, picked);
          return;
        }
        setSearched(next);
        if (value !== '') onChange('', undefined);
      }}
    />
  );
}
