import { useState } from 'react';
import styled from 'styled-components';
import {
  ADMISSION_STATUSES,
  ADMISSION_STATUS_LABELS,
  type AdmissionStatus,
} from '@cuota/contracts/enrolment/admissions';
import { Button } from '@cuota/ui/button';
import { EmptyState } from '@cuota/ui/empty-state';
import { Spinner } from '@cuota/ui/spinner';
import { SearchForm } from '@cuota/ui/search-form';
import { readError } from '@cuota/web-core/api/api-error';
import { FormError } from '@cuota/ui/form-pieces';
import { BOARD_PAGE_SIZE, useInscriptionsQuery } from '../api/admissions-api';
import { AdmissionCard } from './admission-card';

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  align-items: start;
`;

const Column = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const Cards = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
`;

const EMPTY: Record<AdmissionStatus, string> = {
  lead: 'Sin interesados por ahora.',
  new_student: 'Sin aspirantes por ahora.',
  active: 'Aún nadie se ha inscrito por admisiones.',
};

interface ColumnQuery {
  schoolId: string;
  status: AdmissionStatus;
  search: string;
}

/** One page of a column's cards; each page is its own cached request. */
function ColumnPage({ query, page }: { query: ColumnQuery; page: number }) {
  const { data } = useInscriptionsQuery({ ...query, page });
  return data?.results.map((card) => <AdmissionCard key={card.id} card={card} />) ?? null;
}

function BoardColumn(query: ColumnQuery) {
  const [pages, setPages] = useState(1);
  const first = useInscriptionsQuery({ ...query, page: 1 });
  const title = ADMISSION_STATUS_LABELS[query.status];
  const count = first.data?.count ?? 0;
  const shown = Math.min(count, pages * BOARD_PAGE_SIZE);
  return (
    <Column aria-label={title}>
      <h2>
        {title} {first.data && `(${count})`}
      </h2>
      {first.isLoading && <Spinner />}
      {first.error && <FormError>{readError(first.error).message}</FormError>}
      {first.data?.results.length === 0 && (
        <EmptyState
          title={query.search ? 'Nadie coincide con la búsqueda.' : EMPTY[query.status]}
        />
      )}
      <Cards>
        {Array.from({ length: pages }, (_, i) => (
          <ColumnPage key={i} query={query} page={i + 1} />
        ))}
      </Cards>
      {shown < count && (
        <Button variant="secondary" onClick={() => setPages((n) => n + 1)}>
          Mostrar más ({shown} de {count})
        </Button>
      )}
    </Column>
  );
}

/** The admissions pipeline of the current school: one column per stage, searchable. */
export function AdmissionsBoard({ schoolId }: { schoolId: string }) {
  const [search, setSearch] = useState('');
  return (
    <>
      <SearchForm
        name="Buscar en admisiones"
        label="Buscar por alumno o tutor"
        value={search}
        onSearch={setSearch}
      />
      <Columns>
        {ADMISSION_STATUSES.map((status) => (
          <BoardColumn
            key={`${status}:${search}`}
            schoolId={schoolId}
            status={status}
            search={search}
          />
        ))}
      </Columns>
    </>
  );
}
