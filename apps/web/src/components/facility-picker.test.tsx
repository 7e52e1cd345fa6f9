import type { FacilityDto, FacilitySummary } from '@ecc/contracts';
import { FormField } from '@ecc/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { createTestFacility, jsonResponse } from '#test/fixtures.ts';
import { FACILITY_PICKER_LIMIT, FacilityPicker, type FacilityPickerProps } from './facility-picker.tsx';

function facilityNamed(name: string, index: number): FacilityDto {
  return createTestFacility({
    id: `0b6e3c1a-1d2e-4f3a-8b4c-${String(index).padStart(12, '0')}`,
    name,
    naics: '221112',
    location: { city: 'Adamsville', state: 'AL' },
  });
}

/** A realm of 6,515 facilities, as the GHGRP workbook gives: the one sought is far beyond any first page. */
const REALM_SIZE = 6515;
const MILLER = facilityNamed('James H Miller Jr', 4_000);
const OTHERS = Array.from({ length: FACILITY_PICKER_LIMIT }, (_, index) =>
  facilityNamed(`Plant ${index}`, index),
);

const EMPTY_SUMMARY: FacilitySummary = {
  gwpSetId: 'AR5',
  year: null,
  years: [],
  monthly: [],
  bySource: [],
  byEquipment: [],
  byGas: [],
  intensity: null,
  dataQuality: [],
  reported: {},
};

function answerFacilities() {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      urls.push(url);
      if (url.pathname === `/api/facilities/${MILLER.slug}`) {
        return jsonResponse(200, { facility: MILLER, summary: EMPTY_SUMMARY });
      }
      const q = url.searchParams.get('q') ?? '';
      const results =
        'james h miller'.startsWith(q.toLowerCase().slice(0, 14)) && q !== '' ? [MILLER] : OTHERS;
      return jsonResponse(200, {
        results,
        count: results.length,
        total: results === OTHERS ? REALM_SIZE : 1,
        offset: 0,
        gwpSetId: 'AR5',
      });
    }),
  );
  return urls;
}

function FormOf(props: Partial<FacilityPickerProps> & { onPicked: (value: string) => void; error?: string }) {
  const { onPicked, error, ...pickerProps } = props;
  const [value, setValue] = useState(props.value ?? '');
  return (
    <FormField label="Facility" error={error}>
      <FacilityPicker
        {...pickerProps}
        value={value}
        onChange={(next) => {
          setValue(next);
          onPicked(next);
        }}
      />
    </FormField>
  );
}

function renderPicker(props: Partial<FacilityPickerProps> & { error?: string } = {}) {
  const onPicked = vi.fn<(value: string) => void>();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <FormOf {...props} onPicked={onPicked} />
    </QueryClientProvider>,
  );
  return { onPicked, box: screen.getByRole('combobox', { name: 'Facility' }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FacilityPicker', () => {
  it('finds a facility beyond the first page by searching the server, and chooses it by id with the keyboard', async () => {
    const urls = answerFacilities();
    const { onPicked, box } = renderPicker();
    await userEvent.type(box, 'James H Miller');
    const option = await screen.findByRole('option', { name: /James H Miller Jr/ });
    expect(option).toBeTruthy();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onPicked).toHaveBeenLastCalledWith(MILLER.id);
    expect(box).toHaveProperty('value', 'James H Miller Jr (james-h-miller-jr)');
    const searches = urls.filter((url) => url.pathname === '/api/facilities');
    expect(searches.every((url) => url.searchParams.get('limit') === String(FACILITY_PICKER_LIMIT))).toBe(
      true,
    );
    expect(searches.some((url) => url.searchParams.get('q') === 'James H Miller')).toBe(true);
  });

  it('does not search for the text a choice puts in the box', async () => {
    const urls = answerFacilities();
    const { onPicked, box } = renderPicker();
    await userEvent.type(box, 'James H Miller');
    await screen.findByRole('option', { name: /James H Miller Jr/ });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onPicked).toHaveBeenLastCalledWith(MILLER.id);
    // Longer than the typing pause, so a search of the choice's text would have been sent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const searched = urls
      .filter((url) => url.pathname === '/api/facilities')
      .map((url) => url.searchParams.get('q'));
    expect(searched.filter((text) => text?.includes('(james-h-miller-jr)'))).toEqual([]);
  });

  it('says how many more facilities a search leaves out', async () => {
    answerFacilities();
    const { box } = renderPicker();
    await userEvent.type(box, 'P');
    await userEvent.clear(box);
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(await screen.findByText(`6,495 more: type more of the name`)).toBeTruthy();
  });

  it('chooses by slug and asks for archived facilities too when told', async () => {
    const urls = answerFacilities();
    const { onPicked, box } = renderPicker({ chooseBy: 'slug', isArchivedIncluded: true });
    await userEvent.type(box, 'James H Miller');
    await screen.findByRole('option', { name: /James H Miller Jr/ });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onPicked).toHaveBeenLastCalledWith(MILLER.slug);
    const searches = urls.filter((url) => url.pathname === '/api/facilities');
    expect(searches.every((url) => url.searchParams.get('archived') === 'true')).toBe(true);
  });

  it('shows the name its caller gives for the facility the form opens on, without fetching it', () => {
    const urls = answerFacilities();
    const { box } = renderPicker({ value: MILLER.id, selectedName: MILLER.name });
    expect(box).toHaveProperty('value', MILLER.name);
    expect(urls.some((url) => url.pathname.startsWith('/api/facilities/'))).toBe(false);
  });

  it('fetches the facility a form opens on by slug when its name is not given', async () => {
    answerFacilities();
    const { box } = renderPicker({ chooseBy: 'slug', value: MILLER.slug });
    await waitFor(() => expect(box).toHaveProperty('value', MILLER.name));
  });

  it('lets go of the choice when the box no longer names a facility', async () => {
    answerFacilities();
    const { onPicked, box } = renderPicker({ value: MILLER.id, selectedName: MILLER.name });
    await userEvent.type(box, 'x');
    expect(onPicked).toHaveBeenLastCalledWith('');
  });

  it('is labelled by its form field and carries the field’s error', () => {
    answerFacilities();
    const { box } = renderPicker({ error: 'Choose a facility' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const describedBy = box.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Choose a facility');
  });
});
