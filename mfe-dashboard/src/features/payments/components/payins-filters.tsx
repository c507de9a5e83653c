import {
  PAYIN_TYPE_LABELS,
  PAYIN_TYPES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
} from '@cuota/contracts/payments/payins';
import { Button } from '@cuota/ui/button';
import { FilterSelect } from '@cuota/ui/filter-select';
import { FormRow } from '@cuota/ui/form-pieces';
import { RequestStatusFilter } from '@cuota/ui/request-status-filter';
import { TextField } from '@cuota/ui/text-field';
import { bindFilter, type UrlFilters } from '../../../components/use-url-filters';
import type { PayinFilters } from '../api/payments-api';
import { DeskStudentPicker } from './desk-student-picker';

/**
 * The URL's filters, plus what the screen alone uses: the chosen student's name (`who`) and
 * billing guardian (`family`), to offer the family's payments.
 */
export type PayinsUrl = Omit<PayinFilters, 'page'> & { who?: string; family?: string };

/** What goes to the server: the filters without the screen's own. */
export function apiFilters({ who: _who, family: _family, ...filters }: PayinsUrl) {
  return filters;
}

const TYPE_OPTIONS = PAYIN_TYPES.map((t) => ({ value: t, label: PAYIN_TYPE_LABELS[t] }));
const METHOD_OPTIONS = PAYMENT_METHODS.filter((m) => m !== 'to_define').map((m) => ({
  value: m,
  label: PAYMENT_METHOD_LABELS[m],
}));

/** Pagos' filters: type, method, status, dates, and a student or the family that paid. */
export function PayinsFilters({ schoolId, url }: { schoolId: string; url: UrlFilters<PayinsUrl> }) {
  const [filters, go] = url;
  const date = (key: 'from' | 'to') => ({
    value: filters[key] ?? '',
    onChange: (e: { target: { value: string } }) => go({ [key]: e.target.value || undefined }),
  });
  const whom = filters.student_id ? 'student' : filters.guardian_id ? 'family' : null;
  return (
    <>
      <FormRow role="search" aria-label="Filtrar pagos">
        <FilterSelect label="Tipo" options={TYPE_OPTIONS} {...bindFilter(url, 'type')} />
        <FilterSelect label="Método" options={METHOD_OPTIONS} {...bindFilter(url, 'method')} />
        <RequestStatusFilter {...bindFilter(url, 'status')} />
        <TextField label="Desde" type="date" {...date('from')} />
        <TextField label="Hasta" type="date" {...date('to')} />
      </FormRow>
      {whom ? (
        <FormRow>
          <p>
            {whom === 'student' ? 'Pagos para ' : 'Pagos de la familia de '}
            <strong>{filters.who ?? 'un alumno'}</strong>
          </p>
          {whom === 'student' && filters.family && (
            <Button
              variant="secondary"
              onClick={() => go({ student_id: undefined, guardian_id: filters.family })}
            >
              Ver toda la familia
            </Button>
          )}
          <Button
            variant="ghost"
            onClick={() =>
              go({
                student_id: undefined,
                guardian_id: undefined,
                who: undefined,
                family: undefined,
              })
            }
          >
            Quitar filtro
          </Button>
        </FormRow>
      ) : (
        <details>
          <summary>Buscar por alumno o familia</summary>
          <DeskStudentPicker
            schoolId={schoolId}
            onPick={(s) =>
              go({
                student_id: s.id,
                who: `${s.first_name} ${s.last_name}`,
                family: s.billing_guardian_id ?? undefined,
              })
            }
          />
        </details>
      )}
    </>
  );
}
