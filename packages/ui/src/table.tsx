import type { ReactNode } from 'react';
import styled from 'styled-components';

const Wrapper = styled.div`
  overflow-x: auto;
`;

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  background: ${({ theme }) => theme.colors.surface};
  caption {
    text-align: left;
    font-weight: 600;
    padding-bottom: ${({ theme }) => theme.space(2)};
  }
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  th {
    color: ${({ theme }) => theme.colors.mutedText};
    font-size: 0.875rem;
  }
`;

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

export interface TableProps<Row> {
  /** Names the table for screen readers. */
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
}

export function Table<Row>({ caption, columns, rows, rowKey }: TableProps<Row>) {
  return (
    <Wrapper>
      <StyledTable>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.header}>{column.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </StyledTable>
    </Wrapper>
  );
}
