import type { FacilityDto } from '@ecc/contracts';
import { Combobox, Label } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatNumber } from '#lib/format/format-number.ts';
import { useDebouncedValue } from '#lib/timing/use-debounced-value.ts';
import { facilitySearchQuery } from './benchmarks-api.ts';

/** What choosing a facility puts in the box: its name and slug, which the realm keeps unique. */
export function facilityChoiceOf(facility: Pick<FacilityDto, 'name' | 'slug'>): string {
  return `${facility.name} (${facility.slug})`;
}

/**
 * The facility to benchmark: a search of the realm's facilities by any words of their name, city, state or NAICS
 * code (the facility list's own search, on the server), chosen with the keyboard or the pointer.
 */
export function FacilityPicker({
  selectedName,
  onSelect,
}: {
  selectedName: string | undefined;
  onSelect: (facility: FacilityDto) => void;
}) {
  const id = useId();
  const [text, setText] = useState(selectedName ?? '');
  const search = useDebouncedValue(text, 300);
  const facilities = useQuery(facilitySearchQuery(search));
  const results = facilities.data?.results ?? [];
  const more = (facilities.data?.total ?? 0) - results.length;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Facility</Label>
      <Combobox
        id={id}
        value={text}
        placeholder="Search by name, city, state or NAICS"
        listLabel="Facilities"
        emptyMessage={facilities.isFetching ? 'Searching…' : 'No facility matches'}
        footer={more > 0 ? `${formatNumber(more)} more: type more of the name` : undefined}
        options={results.map((facility) => ({
          value: facilityChoiceOf(facility),
          label: facility.name,
          description: [
            facility.location.state ?? facility.location.country,
            facility.naics ? `NAICS ${facility.naics}` : null,
          ]
            .filter((part) => part !== null)
            .join(' · '),
        }))}
        onValueChange={(value) => {
          setText(value);
          const chosen = results.find((facility) => facilityChoiceOf(facility) === value);
          if (chosen) onSelect(chosen);
        }}
      />
    </div>
  );
}
