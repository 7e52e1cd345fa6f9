import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table.tsx';

interface Person {
  id: string;
  email: string;
  role: string;
}

const PEOPLE: Person[] = [
  { id: '1', email: 'ada@example.com', role: 'Administrator' },
  { id: '2', email: 'bob@example.com', role: 'Member' },
];

const COLUMNS: DataTableColumn<Person>[] = [
  { header: 'Email', cell: (person) => person.email },
  { header: 'Role', cell: (person) => person.role, className: 'font-mono' },
  {
    header: 'Actions',
    isHeaderHidden: true,
    cell: (person) => <button type="button">Remove {person.email}</button>,
  },
];

describe('DataTable', () => {
  it('is a table named by its caption, with a column header for each column', () => {
    render(<DataTable caption="Users of this realm" columns={COLUMNS} rows={PEOPLE} rowKey={(p) => p.id} />);
    const table = screen.getByRole('table', { name: 'Users of this realm' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Email', 'Role', 'Actions']);
    expect(within(headers[2] as HTMLElement).getByText('Actions').className).toBe('sr-only');
  });

  it("names each row by its first cell and puts each column's cells in order", () => {
    render(<DataTable caption="Users" columns={COLUMNS} rows={PEOPLE} rowKey={(p) => p.id} />);
    const row = screen.getByRole('row', { name: /bob@example.com/ });
    expect(within(row).getByRole('rowheader').textContent).toBe('bob@example.com');
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['Member', 'Remove bob@example.com']);
    expect(cells[0]?.className).toContain('font-mono');
    expect(within(row).getByRole('button', { name: 'Remove bob@example.com' })).toBeTruthy();
  });

  it('has plain cells only when the rows have no row headers', () => {
    render(
      <DataTable
        caption="Users"
        columns={COLUMNS}
        rows={PEOPLE}
        rowKey={(p) => p.id}
        hasRowHeaders={false}
      />,
    );
    expect(screen.queryAllByRole('rowheader')).toHaveLength(0);
    expect(screen.getAllByRole('cell')).toHaveLength(6);
  });

  it('shows the header row alone for no rows', () => {
    render(<DataTable caption="Users" columns={COLUMNS} rows={[]} rowKey={(p) => p.id} />);
    expect(screen.getAllByRole('row')).toHaveLength(1);
  });
});
