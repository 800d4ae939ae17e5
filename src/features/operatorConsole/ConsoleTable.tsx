import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { VisuallyHidden } from '../../components/VisuallyHidden';

/** A table wider than its box scrolls sideways in its own region, which the keyboard can reach. */
const Scroller = styled.div`
  overflow-x: auto;
  margin-top: 0.5rem;
  /* The containing block of the screen-reader-only text in the cells, which would otherwise be
     placed against the page and widen it past a phone's screen. */
  position: relative;
`;

const Table = styled.table`
  border-collapse: collapse;
  width: 100%;
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: 0.45rem 0.6rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.line};
    text-align: left;
    vertical-align: top;
    /* Short values on one line: the table scrolls sideways on a phone rather than growing tall. */
    white-space: nowrap;
  }
  .long {
    /* Free text and ids wrap, even inside a word, so a desktop screen shows every column. */
    white-space: normal;
    overflow-wrap: anywhere;
    min-width: 10rem;
  }
  thead th {
    font-size: 0.9rem;
    color: ${({ theme }) => theme.colors.inkSoft};
    font-weight: 600;
  }
  .number {
    text-align: right;
  }
  td:not(.long) code {
    white-space: nowrap;
  }
`;

/** One column: its header, and what each row shows in it. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** This column names the row (`<th scope="row">`); one column of a table should. */
  rowHeader?: boolean;
  /** `long`: free text or an id that wraps; `number`: right-aligned. Otherwise one line. */
  kind?: 'long' | 'number';
}

/**
 * The console's table: a caption that names it (and the scrolling region around it), column
 * headers with their scope, the row's own header cell, an optional last column of row actions,
 * and what to say instead of an empty table.
 */
export function ConsoleTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  actions,
  empty,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** A last column of buttons or links for one row; `header` names it. */
  actions?: { header: string; cell: (row: Row) => ReactNode };
  /** Said instead of the table when there are no rows; leave out where a status line says it. */
  empty?: ReactNode;
}) {
  if (rows.length === 0) return empty === undefined ? null : <p>{empty}</p>;
  const all: Column<Row>[] = actions ? [...columns, { header: actions.header, cell: actions.cell }] : columns;
  return (
    <Scroller role="region" aria-label={caption} tabIndex={0}>
      <Table>
        <caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            {all.map((column) => (
              <th key={column.header} scope="col" className={column.kind}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {all.map((column) =>
                column.rowHeader ? (
                  <th key={column.header} scope="row" className={column.kind}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={column.kind}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroller>
  );
}
