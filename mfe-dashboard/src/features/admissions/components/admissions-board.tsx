import styled from 'styled-components';
import {
  ADMISSION_STATUSES,
  ADMISSION_STATUS_LABELS,
  type AdmissionStatus,
} from '@cuota/contracts/enrolment/admissions';
import { EmptyState } from '@cuota/ui/empty-state';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { FormError } from '../../../components/form-pieces';
import { useInscriptionsQuery } from '../api/admissions-api';
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

function BoardColumn({ schoolId, status }: { schoolId: string; status: AdmissionStatus }) {
  const column = useInscriptionsQuery({ schoolId, status });
  const title = ADMISSION_STATUS_LABELS[status];
  return (
    <Column aria-label={title}>
      <h2>
        {title} {column.data && `(${column.data.count})`}
      </h2>
      {column.isLoading && <Spinner />}
      {column.error && <FormError>{readError(column.error).message}</FormError>}
      {column.data?.results.length === 0 && <EmptyState title={EMPTY[status]} />}
      <Cards>
        {column.data?.results.map((card) => (
          <AdmissionCard key={card.id} card={card} />
        ))}
      </Cards>
    </Column>
  );
}

/** The admissions pipeline of the current school: one column per stage. */
export function AdmissionsBoard({ schoolId }: { schoolId: string }) {
  return (
    <Columns>
      {ADMISSION_STATUSES.map((status) => (
        <BoardColumn key={status} schoolId={schoolId} status={status} />
      ))}
    </Columns>
  );
}
