import { REQUEST_STATUSES, type RequestStatus } from '@cuota/contracts/payments/payins';
import { FilterSelect } from './filter-select';
import { STATUS_LOOKS } from './status-labels';

const OPTIONS = REQUEST_STATUSES.map((s) => ({ value: s, label: STATUS_LOOKS.request[s].label }));

/** "Estatus" of a payment or an invoice request as a list filter; empty means every status. */
export function RequestStatusFilter({
  value,
  onChange,
}: {
  value: RequestStatus | undefined;
  onChange: (status: RequestStatus | undefined) => void;
}) {
  return <FilterSelect label="Estatus" value={value} options={OPTIONS} onChange={onChange} />;
}
