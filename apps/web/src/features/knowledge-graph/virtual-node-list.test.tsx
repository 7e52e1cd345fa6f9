import type { GraphNode } from '@ecc/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VirtualNodeList, nextListIndex } from './virtual-node-list.tsx';

const RECORDS: GraphNode[] = Array.from({ length: 10_000 }, (_, index) => ({
  id: `activity-record:${index}`,
  type: 'activity-record',
  label: `Record ${index + 1}`,
  data: {},
}));

describe('nextListIndex', () => {
  it('moves by one, by a page, to either end, and stays within the list', () => {
    expect(nextListIndex('ArrowDown', 0, 5)).toBe(1);
    expect(nextListIndex('ArrowUp', 0, 5)).toBe(0);
    expect(nextListIndex('ArrowDown', 4, 5)).toBe(4);
    expect(nextListIndex('PageDown', 0, 100)).toBe(10);
    expect(nextListIndex('PageUp', 3, 100)).toBe(0);
    expect(nextListIndex('End', 0, 100)).toBe(99);
    expect(nextListIndex('Home', 50, 100)).toBe(0);
    expect(nextListIndex('Enter', 2, 5)).toBeUndefined();
  });
});

// jsdom lays nothing out: the virtualizer measures its scroll box through these, as in a 16rem-high panel.
const LAYOUT_SIZES = { clientWidth: 320, offsetWidth: 320, clientHeight: 256, offsetHeight: 256 };
beforeAll(() => {
  for (const [property, size] of Object.entries(LAYOUT_SIZES)) {
    Object.defineProperty(HTMLElement.prototype, property, { configurable: true, get: () => size });
  }
});
afterAll(() => {
  for (const property of Object.keys(LAYOUT_SIZES)) Reflect.deleteProperty(HTMLElement.prototype, property);
});

describe('VirtualNodeList', () => {
  it('builds only the items in view of 10,000, each telling its place in the whole list', () => {
    render(<VirtualNodeList label="Activity records" nodes={RECORDS} onChoose={vi.fn()} />);
    const items = within(screen.getByRole('list', { name: 'Activity records' })).getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThan(50);
    expect(items[0]?.getAttribute('aria-posinset')).toBe('1');
    expect(items[0]?.getAttribute('aria-setsize')).toBe('10000');
  });

  it('is one tab stop, and the keys reach every node, the last included', async () => {
    const user = userEvent.setup();
    const onChoose = vi.fn();
    render(
      <>
        <VirtualNodeList label="Activity records" nodes={RECORDS} onChoose={onChoose} />
        <button type="button">After the list</button>
      </>,
    );
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Record 1' }));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Record 10000' }));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Record 9999' }));
    await user.keyboard('{PageUp}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Record 9989' }));
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledWith(RECORDS[9_988]);
    await user.keyboard('{Home}{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Record 2' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After the list' }));
  });
});
