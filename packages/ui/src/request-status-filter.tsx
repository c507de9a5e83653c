import { REQUEST_STATUSES, type RequestStatus } from '@cuota/contracts/payments/payins';
import { FieldLabel, Select } from './form-pieces';
import { STATUS_LOOKS } from './status-labels';

/** "Estatus" of a payment or an invoice request as a list filter; empty means every status. */
export function RequestStatusFilter({
  value,
  onChange,
}: {
  value: RequestStatus | undefined;
  onChange: (status: RequestStatus | undefined) => void;
}) {
  return (
    <FieldLabel>
      Estatus
      <Select
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as RequestStatus | undefined)}
      >
        <option value="">Todos</option>
        {REQUEST_STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LOOKS.request[s].label}
          </option>
        ))}
      </Select>
    </FieldLabel>
  );
}
