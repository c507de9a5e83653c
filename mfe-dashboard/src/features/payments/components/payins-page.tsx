import {
  PAYIN_TYPE_LABELS,
  PAYIN_TYPES,
  PAYMENT_METHOD_LABELS,
  type Payin,
  type PayinType,
  type RequestStatus,
} from '@cuota/contracts/payments/payins';
import { InstantText } from '@cuota/ui/date-text';
import { FilterSelect } from '@cuota/ui/filter-select';
import { FormRow } from '@cuota/ui/form-pieces';
import { MoneyText } from '@cuota/ui/money-text';
import { Page } from '@cuota/ui/page';
import { RequestStatusFilter } from '@cuota/ui/request-status-filter';
import { StatusBadge } from '@cuota/ui/status-badge';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { PagedList } from '../../../components/paged-list';
import { bindFilter, useUrlFilters } from '../../../components/use-url-filters';
import { PAYINS_PAGE_SIZE, useSchoolPayinsQuery, type PayinFilters } from '../api/payments-api';

const COLUMNS = [
  {
    header: 'Fecha',
    cell: (p: Payin) => (
      <UtmLink to={`/dashboard/payments/${p.id}`}>
        <InstantText instant={p.paid_at ?? p.created_at} />
      </UtmLink>
    ),
  },
  { header: 'Tipo', cell: (p: Payin) => PAYIN_TYPE_LABELS[p.type] },
  { header: 'Método', cell: (p: Payin) => PAYMENT_METHOD_LABELS[p.method] },
  { header: 'Recibo', cell: (p: Payin) => p.receipt_number ?? '—' },
  {
    header: 'Monto',
    align: 'end' as const,
    cell: (p: Payin) => <MoneyText centavos={p.amount_centavos} />,
  },
  { header: 'Estatus', cell: (p: Payin) => <StatusBadge kind="request" status={p.status} /> },
];

const TYPE_OPTIONS = PAYIN_TYPES.map((t) => ({ value: t, label: PAYIN_TYPE_LABELS[t] }));

function readFilters(search: URLSearchParams): Omit<PayinFilters, 'page'> {
  return {
    type: (search.get('type') || undefined) as PayinType | undefined,
    status: (search.get('status') || undefined) as RequestStatus | undefined,
  };
}

/** The school's payins, newest first: card payments from the portal and the desk's. */
export function PayinsView({ schoolId }: { schoolId: string }) {
  const url = useUrlFilters(readFilters);
  const [filters, go] = url;
  const payins = useSchoolPayinsQuery({ schoolId, filters });
  return (
    <>
      <FormRow role="search" aria-label="Filtrar pagos">
        <FilterSelect label="Tipo" options={TYPE_OPTIONS} {...bindFilter(url, 'type')} />
        <RequestStatusFilter {...bindFilter(url, 'status')} />
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
        page={filters.page}
        pageSize={PAYINS_PAGE_SIZE}
        onPageChange={(page) => go({ page })}
      />
    </>
  );
}

export function PayinsPage() {
  const schoolId = useCurrentSchool().school?.id;
  return (
    <Page title="Pagos">
      <FormRow>
        <UtmLink to="/dashboard/desk">Registrar pago en caja</UtmLink>
        <UtmLink to="/dashboard/payments/cash-closing">Corte de caja</UtmLink>
      </FormRow>
      {schoolId && <PayinsView schoolId={schoolId} />}
    </Page>
  );
}
