import type { Invoice } from '@cuota/contracts/invoicing/invoices';
import type { GlobalPeriodicity } from '@cuota/contracts/invoicing/global-invoice';
import type { RequestStatus } from '@cuota/contracts/payments/payins';
import { InstantInCell } from '@cuota/ui/date-text';
import { MoneyText } from '@cuota/ui/money-text';
import { Page } from '@cuota/ui/page';
import { RequestStatusFilter } from '@cuota/ui/request-status-filter';
import { CellNote } from '@cuota/ui/cell-note';
import { InvoiceStatus } from '@cuota/ui/invoice-status';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { FilteredPagedList } from '../../../components/filtered-paged-list';
import { bindFilter, useUrlFilters } from '../../../components/use-url-filters';
import { VisuallyHidden } from '@cuota/ui/visually-hidden';
import {
  INVOICES_PAGE_SIZE,
  invoicesZipUrl,
  useSchoolInvoicesQuery,
  type InvoiceFilters,
} from '../api/invoicing-api';
import { FolioFiscal } from './folio-fiscal';
import { InvoiceActions } from './invoice-actions';

type InvoiceSearch = Omit<InvoiceFilters, 'page'>;

function readFilters(search: URLSearchParams): InvoiceSearch {
  return {
    status: (search.get('status') || undefined) as RequestStatus | undefined,
    search: search.get('search') || undefined,
  };
}

const GLOBAL_PERIODICITY_WORDS: Record<GlobalPeriodicity, string> = {
  daily: 'diaria',
  weekly: 'semanal',
  biweekly: 'quincenal',
  monthly: 'mensual',
  bimonthly: 'bimestral',
};
/** `2026-10-31` → `31/10/2026`, as the list's dates read. */
const dayText = (day: string) => day.split('-').reverse().join('/');

/** Where a público-en-general payment stands with its global invoice (ADR 0042). */
const GLOBAL_STATE_NOTES: Record<NonNullable<Invoice['global_state']>, string> = {
  held: 'Se timbrará en la factura global al cierre del periodo',
  collected: 'Incluido en la factura global de su periodo',
  released: 'Timbrada aparte de la factura global',
};

/**
 * What the CFDI is: a payment's colegiatura (deductible) or its other concepts, a credit note
 * on one, or a PPD invoice's CFDI de pago with its installment (ADR 0037).
 */
const documentLabel = (i: Invoice) => {
  if (i.global_period) {
    const { periodicity, from, to } = i.global_period;
    return `Factura global ${GLOBAL_PERIODICITY_WORDS[periodicity]} · ${dayText(from)} al ${dayText(to)}`;
  }
  const part = i.part === 'tuition' ? 'Colegiatura' : 'Recargos y otros conceptos';
  if (i.document === 'credit_note')
    return `Nota de crédito · ${part}${i.related_folio ? ` · de ${i.related_folio}` : ''}`;
  // One CFDI de pago may pay several PPD invoices: each row says which one it pays.
  if (i.document === 'payment')
    return `Complemento de pago · parcialidad ${i.installment} · ${part}${i.related_folio ? ` · paga ${i.related_folio}` : ''}`;
  return part;
};

const columns = (canWrite: boolean) => [
  {
    header: 'Fecha',
    cell: (i: Invoice) => <InstantInCell instant={i.stamped_at ?? i.created_at} />,
  },
  {
    header: 'Folio',
    cell: (i: Invoice) => (
      <>
        {i.series && i.folio ? `${i.series}-${i.folio}` : 'Sin folio'}
        <CellNote>{documentLabel(i)}</CellNote>
        {i.uuid && (
          <CellNote>
            UUID: <FolioFiscal uuid={i.uuid} />
          </CellNote>
        )}
        {i.credit_reason && <CellNote>Motivo: {i.credit_reason}</CellNote>}
      </>
    ),
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
    cell: (i: Invoice) => (
      <>
        <MoneyText centavos={i.total_centavos} />
        {/* Once a credit note (or a PPD payment) took part of it: what a note may still give. */}
        {i.creditable_centavos != null && i.creditable_centavos < i.total_centavos && (
          <CellNote>
            Por acreditar: <MoneyText centavos={i.creditable_centavos} />
          </CellNote>
        )}
      </>
    ),
  },
  {
    header: 'Estatus',
    cell: (i: Invoice) => (
      <>
        <InvoiceStatus status={i.status} error={i.error} />
        {i.cancellation_note && <CellNote>{i.cancellation_note}</CellNote>}
        {i.global_state && <CellNote>{GLOBAL_STATE_NOTES[i.global_state]}</CellNote>}
      </>
    ),
  },
  { header: 'Acciones', cell: (i: Invoice) => <InvoiceActions invoice={i} canWrite={canWrite} /> },
];

/** The school's CFDIs with their status; failed ones can be stamped again. */
export function InvoicesView({ schoolId, canWrite }: { schoolId: string; canWrite: boolean }) {
  const url = useUrlFilters(readFilters);
  const [filters] = url;
  const invoices = useSchoolInvoicesQuery({ schoolId, filters });
  return (
    <FilteredPagedList<Invoice, InvoiceSearch>
      url={url}
      search={{ name: 'Buscar facturas', hint: 'RFC, nombre o folio' }}
      filters={
        <>
          <RequestStatusFilter kind="invoice" {...bindFilter(url, 'status')} />
          {/* Nothing listed, nothing to download (the ZIP of no invoices answers 404). */}
          {(invoices.data?.count ?? 0) > 0 && (
            <a href={invoicesZipUrl(schoolId, filters)} download>
              Descargar ZIP
              <VisuallyHidden> con el XML y el PDF de las facturas filtradas</VisuallyHidden>
            </a>
          )}
        </>
      }
      query={invoices}
      noun="facturas"
      columns={columns(canWrite)}
      rowKey={(i) => i.id}
      empty={{
        title: 'Aún no hay facturas',
        description: 'Cada pago de una orden facturable genera su CFDI y aparecerá aquí.',
      }}
      pageSize={INVOICES_PAGE_SIZE}
      oneLineOnPhones
    />
  );
}

export function InvoicesPage() {
  const schoolId = useCurrentSchool().school?.id;
  const canWrite = useGrant('invoicing.write');
  return (
    <Page title="Facturas">
      <ReadOnlyNote
        permission="invoicing.write"
        action="reintentar el timbrado, emitir notas de crédito ni cancelar facturas"
      />
      {schoolId && <InvoicesView schoolId={schoolId} canWrite={canWrite} />}
    </Page>
  );
}
