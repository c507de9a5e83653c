import { FieldLabel, Select } from '@cuota/ui/form-pieces';
import { MoneyField } from '@cuota/ui/money-field';
import { TextField } from '@cuota/ui/text-field';
import type { ConceptDraft, Problems } from '../utils/concept-draft';

interface Props {
  draft: ConceptDraft;
  change: (changes: Partial<ConceptDraft>) => void;
  problems: Problems;
}

/** The late fee: none, a fixed amount once, or a monthly percentage with an optional cap. */
export function LateFeeFields({ draft, change, problems }: Props) {
  return (
    <fieldset>
      <legend>Recargo por pago tardío</legend>
      <FieldLabel>
        Tipo de recargo
        <Select
          value={draft.late_fee_kind}
          onChange={(e) =>
            change({ late_fee_kind: e.target.value as ConceptDraft['late_fee_kind'] })
          }
        >
          <option value="NONE">Sin recargo</option>
          <option value="FIXED">Monto fijo</option>
          <option value="PERCENT">Porcentaje mensual</option>
        </Select>
      </FieldLabel>
      {draft.late_fee_kind === 'FIXED' && (
        <MoneyField
          label="Monto del recargo"
          error={problems.late_fee_centavos}
          value={draft.late_fee_centavos}
          onChange={(late_fee_centavos) => change({ late_fee_centavos })}
        />
      )}
      {draft.late_fee_kind === 'PERCENT' && (
        <>
          <TextField
            label="Porcentaje mensual"
            hint="Por ejemplo 5 o 2.5"
            error={problems.late_fee_percent}
            inputMode="decimal"
            value={draft.late_fee_percent}
            onChange={(e) => change({ late_fee_percent: e.target.value })}
          />
          <MoneyField
            label="Tope del recargo (opcional)"
            error={problems.cap_centavos}
            value={draft.cap_centavos}
            onChange={(cap_centavos) => change({ cap_centavos })}
          />
        </>
      )}
      {draft.late_fee_kind !== 'NONE' && (
        <TextField
          label="Días de gracia"
          error={problems.grace_days}
          inputMode="numeric"
          value={draft.grace_days}
          onChange={(e) => change({ grace_days: e.target.value })}
        />
      )}
    </fieldset>
  );
}
