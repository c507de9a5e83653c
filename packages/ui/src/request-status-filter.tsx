import { INVOICE_STATUSES } from '@cuota/contracts/invoicing/invoices';
import { REQUEST_STATUSES, type RequestStatus } from '@cuota/contracts/payments/payins';
import { FilterSelect } from './filter-select';
import { STATUS_LOOKS } from './status-labels';

/** A payment's statuses, or the ones an invoice goes through, worded for each. */
const OPTIONS = {
  request: REQUEST_STATUSES.map((s) => ({ value: s, label: STATUS_LOOKS.request[s].label })),
  invoice: INVOICE_STATUSES.map((s) => ({ value: s, label: STATUS_LOOKS.invoice[s].label })),
};

/** "Estatus" of a payment or an invoice request as a list filter; empty means every status. */
export function RequestStatusFilter({
  value,
  onChange,
  kind = 'request',
}: {
  value: RequestStatus | undefined;
  onChange: (status: RequestStatus | undefined) => void;
  kind?: keyof typeof OPTIONS;
}) {
  return <FilterSelect label="Estatus" value={value} options={OPTIONS[kind]} onChange={onChange} />;
}
