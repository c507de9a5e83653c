import {
  PAYIN_TYPE_LABELS,
  PAYMENT_METHOD_LABELS,
  type Payin,
} from '@cuota/contracts/payments/payins';
import { CellNote } from '@cuota/ui/cell-note';
import { InstantText } from '@cuota/ui/date-text';
import { FormError, FormRow } from '@cuota/ui/form-pieces';
import { MoneyText } from '@cuota/ui/money-text';
import { Page } from '@cuota/ui/page';
import { StatusBadge } from '@cuota/ui/status-badge';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { PagedList } from '../../../components/paged-list';
import { useUrlFilters } from '../../../components/use-url-filters';
import { PAYINS_PAGE_SIZE, useSchoolPayinsQuery } from '../api/payments-api';
import { payinsExportUrl } from '../api/payins-figures-api';
import { apiFilters, PayinsFilters, type PayinsUrl } from './payins-filters';
import { PayinsTotals } from './payins-totals';
import { PendingTransfers } from './pending-transfers';

// Three columns, each with a second line: a row stays readable on a 390 px phone.
const COLUMNS = [
  {
    header: 'Pago',
    cell: (p: Payin) => (
      <>
        <UtmLink to={`/dashboard/payments/${p.id}`}>
          <InstantText instant={p.paid_at ?? p.created_at} />
        </UtmLink>
        <CellNote>
          {[PAYIN_TYPE_LABELS[p.type], PAYMENT_METHOD_LABELS[p.method], p.receipt_number]
            .filter(Boolean)
            .join(' · ')}
        </CellNote>
      </>
    ),
  },
  {
    header: 'Alumnos',
    cell: (p: Payin) => (
      <>
        {p.student_names.join(', ') || '—'}
        {p.recorded_by_name && <CellNote>Registró: {p.recorded_by_name}</CellNote>}
      </>
    ),
  },
  {
    header: 'Monto',
    align: 'end' as const,
    cell: (p: Payin) => (
      <>
        <MoneyText centavos={p.amount_centavos} />
        <CellNote>
          <StatusBadge kind="request" status={p.status} />
        </CellNote>
        {!!p.returned_centavos && (
          <CellNote>
            Devuelto: <MoneyText centavos={p.returned_centavos} />
          </CellNote>
        )}
      </>
    ),
  },
];

const read = (search: URLSearchParams): PayinsUrl => {
  const value = (key: keyof PayinsUrl) => search.get(key) || undefined;
  return {
    type: value('type') as PayinsUrl['type'],
    status: value('status') as PayinsUrl['status'],
    method: value('method') as PayinsUrl['method'],
    student_id: value('student_id'),
    guardian_id: value('guardian_id'),
    from: value('from'),
    to: value('to'),
    who: value('who'),
    family: value('family'),
  };
};

/**
 * The school's payins, newest first: card payments from the portal and the desk's, with
 * filters, the filtered set's totals and its spreadsheet.
 */
export function PayinsView({ schoolId }: { schoolId: string }) {
  const url = useUrlFilters(read);
  const [{ page, ...chosen }, go] = url;
  const filters = apiFilters(chosen);
  const badRange = Boolean(filters.from && filters.to && filters.from > filters.to);
  const payins = useSchoolPayinsQuery(
    { schoolId, filters: { ...filters, page } },
    { skip: badRange },
  );
  return (
    <>
      <PayinsFilters schoolId={schoolId} url={url} />
      {badRange ? (
        <FormError>La fecha inicial debe ser igual o anterior a la fecha final.</FormError>
      ) : (
        <>
          <FormRow>
            <PayinsTotals schoolId={schoolId} filters={filters} />
            <a href={payinsExportUrl(schoolId, filters)} download>
              Exportar a Excel
            </a>
          </FormRow>
          <PagedList<Payin>
            query={payins}
            noun="pagos"
            columns={COLUMNS}
            rowKey={(p) => p.id}
            empty={{
              title: 'Aún no hay pagos',
              description:
                'Los pagos con tarjeta de las familias y los que registres en caja aparecerán aquí.',
            }}
            page={page}
            pageSize={PAYINS_PAGE_SIZE}
            onPageChange={(next) => go({ page: next })}
          />
        </>
      )}
    </>
  );
}

export function PayinsPage() {
  const schoolId = useCurrentSchool().school?.id;
  const seesPayouts = useGrant('payouts.read');
  return (
    <Page title="Pagos">
      <FormRow>
        <UtmLink to="/dashboard/desk">Registrar pago en caja</UtmLink>
        <UtmLink to="/dashboard/payments/cash-closing">Corte de caja</UtmLink>
        {seesPayouts && <UtmLink to="/dashboard/payments/bank-accounts">Cuentas bancarias</UtmLink>}
        {seesPayouts && <UtmLink to="/dashboard/payments/payouts">Dispersiones</UtmLink>}
      </FormRow>
      {schoolId && <PendingTransfers schoolId={schoolId} />}
      {schoolId && <PayinsView schoolId={schoolId} />}
    </Page>
  );
}
