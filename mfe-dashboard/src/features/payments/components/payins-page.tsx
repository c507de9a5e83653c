import { useSearchParams } from 'react-router';
import {
  PAYIN_TYPE_LABELS,
  PAYIN_TYPES,
  PAYMENT_METHOD_LABELS,
  type Payin,
  type PayinType,
  type RequestStatus,
} from '@cuota/contracts/payments/payins';
import { DataTable } from '@cuota/ui/data-table';
import { InstantText } from '@cuota/ui/date-text';
import { EmptyState } from '@cuota/ui/empty-state';
import { ErrorState } from '@cuota/ui/error-state';
import { FieldLabel, FormRow, Select } from '@cuota/ui/form-pieces';
import { MoneyText } from '@cuota/ui/money-text';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { RequestStatusFilter } from '@cuota/ui/request-status-filter';
import { StatusBadge } from '@cuota/ui/status-badge';
import { readError } from '@cuota/web-core/api/api-error';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
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

function readFilters(search: URLSearchParams): PayinFilters {
  return {
    page: Math.max(1, Number(search.get('page')) || 1),
    type: (search.get('type') || undefined) as PayinType | undefined,
    status: (search.get('status') || undefined) as RequestStatus | undefined,
  };
}

/** The school's payins, newest first: card payments from the portal and the desk's. */
export function PayinsView({ schoolId }: { schoolId: string }) {
  const [search, setSearch] = useSearchParams();
  const filters = readFilters(search);
  const payins = useSchoolPayinsQuery({ schoolId, filters });
  const go = (next: Partial<PayinFilters>) => {
    const merged = { ...filters, ...next };
    const query = new URLSearchParams();
    if (merged.type) query.set('type', merged.type);
    if (merged.status) query.set('status', merged.status);
    if (merged.page > 1) query.set('page', String(merged.page));
    setSearch(query);
  };
  const data = payins.currentData;
  return (
    <>
      <FormRow role="search" aria-label="Filtrar pagos">
        <FieldLabel>
          Tipo
          <Select
            value={filters.type ?? ''}
            onChange={(e) => go({ type: (e.target.value || undefined) as PayinType, page: 1 })}
          >
            <option value="">Todos</option>
            {PAYIN_TYPES.map((t) => (
              <option key={t} value={t}>
                {PAYIN_TYPE_LABELS[t]}
              </option>
            ))}
          </Select>
        </FieldLabel>
        <RequestStatusFilter
          value={filters.status}
          onChange={(status) => go({ status, page: 1 })}
        />
      </FormRow>
      {payins.isFetching && !data && <Spinner label="Cargando pagos…" />}
      {payins.error && (
        <ErrorState
          message={readError(payins.error).message}
          onRetry={() => void payins.refetch()}
        />
      )}
      {data && (
        <DataTable<Payin>
          caption={`Pagos (${data.count.toLocaleString('es-MX')})`}
          rows={data.results}
          rowKey={(p) => p.id}
          columns={COLUMNS}
          empty={
            <EmptyState
              title="Aún no hay pagos"
              description="Los pagos con tarjeta de las familias y los que registres en caja aparecerán aquí."
            />
          }
          pagination={{
            page: filters.page,
            pageCount: Math.max(1, Math.ceil(data.count / PAYINS_PAGE_SIZE)),
            onPageChange: (page) => go({ page }),
            label: 'Páginas de pagos',
          }}
        />
      )}
    </>
  );
}

export function PayinsPage() {
  const schoolId = useCurrentSchool().school?.id;
  return (
    <Page title="Pagos">
      <FormRow>
        <UtmLink to="/dashboard/desk">Registrar pago en caja</UtmLink>
      </FormRow>
      {schoolId && <PayinsView schoolId={schoolId} />}
    </Page>
  );
}
