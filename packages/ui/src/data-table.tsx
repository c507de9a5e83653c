import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Pagination, type PaginationProps } from '@cuota/ui/pagination';
import { compact } from '@cuota/ui/theme';

export type SortDirection = 'ascending' | 'descending';
export interface SortState {
  column: string;
  direction: SortDirection;
}

export interface DataColumn<Row> {
  /** What `SortState.column` names; the header when left out. */
  id?: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Makes the column sortable here: rows are compared by this value. */
  sortValue?: (row: Row) => string | number;
  /** Sortable by the server (the table reports `onSortChange`; rows arrive in order). */
  sortable?: boolean;
  /** Amounts and counts line up on the right. */
  align?: 'start' | 'end';
}

export interface DataTableProps<Row> {
  /** Names the table for screen readers (and shows above it). */
  caption: string;
  columns: DataColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** The server's order: shown on the headers; clicks go to `onSortChange`. */
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  /** Order at first when the table sorts by itself. */
  defaultSort?: SortState;
  /** Rows per page when the table pages by itself. */
  pageSize?: number;
  /** Paging done by the server. */
  pagination?: PaginationProps;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /**
   * On phones, every cell keeps to one line and the table scrolls sideways, instead of
   * squeezing many columns into the screen's width (rows many lines tall).
   */
  oneLineOnPhones?: boolean;
}

const Wrapper = styled.div`
  overflow-x: auto;
  /* Contains what is positioned inside (visually hidden labels of row actions): without it
     they hang at their place in a table wider than a phone and widen the whole page. */
  position: relative;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: ${({ theme }) => theme.fonts.numbers};
  caption {
    text-align: left;
    font-weight: 600;
    padding: ${({ theme }) => `${theme.space(3)} ${theme.space(3)} ${theme.space(1)}`};
  }
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: middle;
  }
  tbody tr:last-child td {
    border-bottom: none;
  }
  th {
    color: ${({ theme }) => theme.colors.mutedText};
    font-size: ${({ theme }) => theme.fontSizes.small};
    white-space: nowrap;
  }
  [data-align='end'] {
    text-align: right;
  }
  ${compact} {
    &[data-one-line='true'] td {
      white-space: nowrap;
    }
  }
`;

const SortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  min-height: 32px;
  padding: 0;
  border: none;
  background: none;
  font: inherit;
  font-weight: 600;
  color: inherit;
  cursor: pointer;
  &:hover {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: underline;
  }
`;

const ARROWS: Record<SortDirection | 'none', string> = {
  ascending: '▲',
  descending: '▼',
  none: '↕',
};

const collator = new Intl.Collator('es-MX', { numeric: true, sensitivity: 'base' });

function sortRows<Row>(rows: Row[], column: DataColumn<Row> | undefined, sort: SortState) {
  const value = column?.sortValue;
  if (!value) return rows;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order =
      typeof x === 'number' && typeof y === 'number'
        ? x - y
        : collator.compare(String(x), String(y));
    return sign * order;
  });
}

const isSortable = <Row,>(column: DataColumn<Row>) => !!column.sortValue || !!column.sortable;
const idOf = <Row,>(column: DataColumn<Row>) => column.id ?? column.header;

/**
 * A real table: caption, column headers with `scope`, sortable headers as buttons with
 * `aria-sort`, and paging. It sorts and pages by itself, or shows what the server did.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { caption, columns, rows, rowKey, pageSize, empty, oneLineOnPhones } = props;
  const [localSort, setLocalSort] = useState<SortState | null>(props.defaultSort ?? null);
  const [localPage, setLocalPage] = useState(1);
  const serverSorted = props.onSortChange !== undefined;
  const sort = serverSorted ? (props.sort ?? null) : localSort;

  if (rows.length === 0 && empty) return <>{empty}</>;

  const sorted =
    sort && !serverSorted
      ? sortRows(
          rows,
          columns.find((c) => idOf(c) === sort.column),
          sort,
        )
      : rows;
  const pageCount = pageSize ? Math.max(1, Math.ceil(sorted.length / pageSize)) : 1;
  const page = Math.min(localPage, pageCount);
  const shown = pageSize ? sorted.slice((page - 1) * pageSize, page * pageSize) : sorted;

  const sortBy = (column: string) => {
    const direction: SortDirection =
      sort?.column === column && sort.direction === 'ascending' ? 'descending' : 'ascending';
    if (serverSorted) props.onSortChange!({ column, direction });
    else {
      setLocalSort({ column, direction });
      setLocalPage(1);
    }
  };

  return (
    <div>
      <Wrapper>
        <Table data-one-line={oneLineOnPhones}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const id = idOf(column);
                const state = sort?.column === id ? sort.direction : 'none';
                return (
                  <th
                    key={id}
                    scope="col"
                    data-align={column.align}
                    aria-sort={isSortable(column) ? state : undefined}
                  >
                    {isSortable(column) ? (
                      <SortButton type="button" onClick={() => sortBy(id)}>
                        {column.header}
                        <span aria-hidden="true">{ARROWS[state]}</span>
                      </SortButton>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={idOf(column)} data-align={column.align}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </Wrapper>
      {props.pagination && <Pagination {...props.pagination} />}
      {pageSize && pageCount > 1 && (
        <Pagination
          page={page}
          pageCount={pageCount}
          onPageChange={setLocalPage}
          label={`Páginas de ${caption.toLowerCase()}`}
        />
      )}
    </div>
  );
}
