import { useState, type FormEvent } from 'react';
import type { Invoice } from '@cuota/contracts/invoicing/invoices';
import type { RequestStatus } from '@cuota/contracts/payments/payins';
import { Button } from '@cuota/ui/button';
import { InstantText } from '@cuota/ui/date-text';
import { FormRow } from '@cuota/ui/form-pieces';
import { MoneyText } from '@cuota/ui/money-text';
import { Page } from '@cuota/ui/page';
import { RequestStatusFilter } from '@cuota/ui/request-status-filter';
import { StatusBadge } from '@cuota/ui/status-badge';
import { TextField } from '@cuota/ui/text-field';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { PagedList } from '../../../components/paged-list';
import { useUrlFilters } from '../../../components/use-url-filters';
import {
  INVOICES_PAGE_SIZE,
  useSchoolInvoicesQuery,
  type InvoiceFilters,
} from '../api/invoicing-api';
import { InvoiceActions } from './invoice-actions';

function readFilters(search: URLSearchParams): InvoiceFilters {
  return {
    page: Math.max(1, Number(search.get('page')) || 1),
    status: (search.get('status') || undefined) as RequestStatus | undefined,
    search: search.get('search') || undefined,
  };
}

const columns = (canRetry: boolean) => [
  { header: 'Fecha', cell: (i: Invoice) => <InstantText instant={i.stamped_at ?? i.created_at} /> },
  {
    header: 'Folio',
    cell: (i: Invoice) => (i.series && i.folio ? `${i.series}-${i.folio}` : 'Sin folio'),
  },
  {
    header: 'Receptor',
    cell: (i: Invoice) => (
      <>
        {i.receptor_name} · {i.receptor_rfc}
        {i.receptor_note && <small> ({i.receptor_note})</small>}
      </>
    ),
  },
  {
    header: 'Total',
    align: 'end' as const,
    cell: (i: Invoice) => <MoneyText centavos={i.total_centavos} />,
  },
  {
    header: 'Estatus',
    cell: (i: Invoice) => (
      <>
        <StatusBadge kind="request" status={i.status} />
        {i.error && <small> {i.error.message}</small>}
      </>
    ),
  },
  { header: 'Acciones', cell: (i: Invoice) => <InvoiceActions invoice={i} canRetry={canRetry} /> },
];

/** The school's CFDIs with their status; failed ones can be stamped again. */
export function InvoicesView({ schoolId, canRetry }: { schoolId: string; canRetry: boolean }) {
  const [filters, go] = useUrlFilters(readFilters);
  const [text, setText] = useState(filters.search ?? '');
  const invoices = useSchoolInvoicesQuery({ schoolId, filters });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ search: text.trim() || undefined, page: 1 });
  };
  return (
    <>
      <form role="search" aria-label="Buscar facturas" onSubmit={submit}>
        <FormRow>
          <TextField
            label="Buscar"
            hint="RFC, nombre o folio"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="submit" variant="secondary">
            Buscar
          </Button>
          <RequestStatusFilter
            value={filters.status}
            onChange={(status) => go({ status, page: 1 })}
          />
        </FormRow>
      </form>
      <PagedList<Invoice>
        query={invoices}
        noun="facturas"
        columns={columns(canRetry)}
        rowKey={(i) => i.id}
        empty={{
          title: 'Aún no hay facturas',
          description: 'Cada pago de una orden facturable genera su CFDI y aparecerá aquí.',
        }}
        page={filters.page}
        pageSize={INVOICES_PAGE_SIZE}
        onPageChange={(page) => go({ page })}
      />
    </>
  );
}

export function InvoicesPage() {
  const schoolId = useCurrentSchool().school?.id;
  const canRetry = useGrant('invoicing.write');
  return (
    <Page title="Facturas">
      <ReadOnlyNote permission="invoicing.write" action="reintentar el timbrado de facturas" />
      {schoolId && <InvoicesView schoolId={schoolId} canRetry={canRetry} />}
    </Page>
  );
}
