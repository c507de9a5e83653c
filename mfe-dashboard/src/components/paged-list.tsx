import { DataTable, type DataColumn } from '@cuota/ui/data-table';
import { EmptyState } from '@cuota/ui/empty-state';
import { ErrorState } from '@cuota/ui/error-state';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';

/** What a list query of one server page gives (an RTK Query hook's result fits). */
export interface PagedQuery<Row> {
  currentData?: { count: number; results: Row[] };
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

export interface PagedListProps<Row> {
  query: PagedQuery<Row>;
  /** The rows' name: the spinner says "Cargando {noun}…", the caption "{Title} (count)". */
  noun: string;
  /** The caption's start; `noun` capitalised when left out. */
  title?: string;
  columns: DataColumn<Row>[];
  rowKey: (row: Row) => string;
  /** What the page says when the server has no rows (for these filters). */
  empty: { title: string; description: string };
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Wide lists: on phones each cell keeps to one line and the table scrolls sideways. */
  oneLineOnPhones?: boolean;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * One server-paged list and its states: a spinner until the first page arrives, the error
 * with a retry, then the table with its count, empty state and paging.
 */
export function PagedList<Row>(props: PagedListProps<Row>) {
  const { query, noun, columns, rowKey, empty, page, pageSize, onPageChange } = props;
  const data = query.currentData;
  return (
    <>
      {query.isFetching && !data && <Spinner label={`Cargando ${noun}…`} />}
      {query.error ? (
        <ErrorState message={readError(query.error).message} onRetry={() => void query.refetch()} />
      ) : null}
      {data && (
        <DataTable<Row>
          caption={`${props.title ?? capitalised(noun)} (${data.count.toLocaleString('es-MX')})`}
          rows={data.results}
          rowKey={rowKey}
          columns={columns}
          oneLineOnPhones={props.oneLineOnPhones}
          empty={<EmptyState title={empty.title} description={empty.description} />}
          pagination={{
            page,
            pageCount: Math.max(1, Math.ceil(data.count / pageSize)),
            onPageChange,
            label: `Páginas de ${noun}`,
          }}
        />
      )}
    </>
  );
}
