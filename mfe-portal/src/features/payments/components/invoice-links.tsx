import type { InvoicePart, InvoiceUrls } from '@cuota/contracts/invoicing/invoices';
import type { RequestStatus } from '@cuota/contracts/payments/payins';
import { InvoiceStatus } from '@cuota/ui/invoice-status';
import { VisuallyHidden } from '@cuota/ui/visually-hidden';
import { portalPaymentsApi, useOrderInvoiceQuery } from '../api/portal-payments-api';

/** How often the history asks again about a CFDI on its way (stamping takes seconds). */
export const INVOICE_POLL_MS = 2000;
/** A paid order's CFDI is on its way until it is stamped or fails (each of them, when two). */
const ON_ITS_WAY: RequestStatus[] = ['not_requested', 'pending'];
/** Held for the school's global invoice it waits for weeks, not seconds: no polling. */
const waiting = (i: { status: RequestStatus; global_state: Links['global_state'] }) =>
  i.status === 'pending' && !i.global_state;
const onItsWay = (links: InvoiceUrls) =>
  (ON_ITS_WAY.includes(links.status) && !links.global_state) || links.invoices.some(waiting);

/** A público-en-general payment in (or bound for) the school's global invoice (ADR 0042). */
const GLOBAL_NOTES: Partial<Record<NonNullable<Links['global_state']>, string>> = {
  held: 'Se incluirá en la factura global del periodo (público en general). Registra tus datos fiscales para recibirla a tu nombre.',
  collected: 'Incluida en la factura global del periodo (público en general).',
};

/** When an order has several CFDI, each says which: the deductible colegiatura or the rest. */
const PART_TITLES: Record<InvoicePart, string> = {
  tuition: 'Factura de colegiatura',
  other: 'Factura de recargos y otros conceptos',
};

/**
 * An order's CFDI: its XML and PDF once stamped, or where it stands (and why it failed) — a
 * colegiatura paid late has two, the tuition and its late fee (ADR 0037); the credit notes
 * that gave money back on it; and, when invoiced at billing (PPD), each payment's CFDI de pago.
 */
export function InvoiceLinks({
  studentId,
  orderId,
  label,
}: {
  studentId: string;
  orderId: string;
  label: string;
}) {
  const args = { studentId, orderId };
  // What is cached decides whether to keep asking: a CFDI on its way is asked about again,
  // so the history opened right after paying sees it arrive.
  const cached = portalPaymentsApi.endpoints.orderInvoice.useQueryState(args);
  const polling = !cached.isError && (!cached.data || onItsWay(cached.data));
  const invoice = useOrderInvoiceQuery(args, {
    pollingInterval: polling ? INVOICE_POLL_MS : 0,
  });
  const data = invoice.data;
  if (!data) return invoice.isLoading ? <span>Consultando factura…</span> : null;
  const income = data.invoices.filter((i) => i.document === 'invoice');
  const credits = data.invoices.filter((i) => i.document === 'credit_note' && i.xml_url);
  const complements = data.invoices.filter((i) => i.document === 'payment' && i.xml_url);
  const shown = income.length > 1 ? income : [data];
  return (
    <>
      {shown.map((invoice) => (
        <IncomeInvoice
          key={invoice.invoice_id ?? 'none'}
          invoice={invoice}
          title={income.length > 1 && invoice.part ? PART_TITLES[invoice.part] : 'Factura'}
          label={label}
        />
      ))}
      {credits.map((credit) => (
        <FileLinks
          key={credit.invoice_id}
          title="Nota de crédito"
          xml={credit.xml_url!}
          pdf={credit.pdf_url!}
          label={`la nota de crédito de ${label}`}
        />
      ))}
      {complements.map((complement) => (
        <FileLinks
          key={complement.invoice_id}
          title={`Complemento de pago (parcialidad ${complement.installment})`}
          xml={complement.xml_url!}
          pdf={complement.pdf_url!}
          label={`complemento de pago ${complement.installment} de ${label}`}
        />
      ))}
    </>
  );
}

type Links = Omit<InvoiceUrls, 'invoices'>;

function IncomeInvoice({
  invoice,
  title,
  label,
}: {
  invoice: Links;
  title: string;
  label: string;
}) {
  if (invoice.xml_url && invoice.pdf_url)
    return (
      <FileLinks
        title={title}
        xml={invoice.xml_url}
        pdf={invoice.pdf_url}
        label={title === 'Factura' ? label : `${label} (${title.toLowerCase()})`}
      />
    );
  const global = invoice.status === 'pending' && invoice.global_state;
  if (global && GLOBAL_NOTES[global])
    return (
      <span>
        {title}: {GLOBAL_NOTES[global]}
      </span>
    );
  return (
    <span>
      {title}: <InvoiceStatus status={invoice.status} error={invoice.error} />
    </span>
  );
}

/** A stamped CFDI's XML and PDF (a credit note is money given back on the order). */
function FileLinks({
  title,
  xml,
  pdf,
  label,
}: {
  title: string;
  xml: string;
  pdf: string;
  label: string;
}) {
  return (
    <span>
      {title}:{' '}
      <a href={xml} download>
        XML<VisuallyHidden> de {label}</VisuallyHidden>
      </a>{' '}
      ·{' '}
      <a href={pdf} target="_blank" rel="noreferrer">
        PDF<VisuallyHidden> de {label}</VisuallyHidden>
      </a>
    </span>
  );
}
