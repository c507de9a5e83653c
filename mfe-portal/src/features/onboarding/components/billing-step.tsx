import { useForm, useWatch } from 'react-hook-form';
import { REGIMENES_FISCALES, type RegimenFiscal } from '@cuota/contracts/invoicing/fiscal-catalogs';
import { parseRfc } from '@cuota/contracts/invoicing/rfc';
import { FieldGrid } from '@cuota/ui/form-pieces';
import { SelectField, TextField } from '@cuota/ui/text-field';
import { useGuardianMeQuery } from '@cuota/web-core/api/guardian-api';
import { useBillToMutation, useSaveGuardianMutation } from '../api/registration-api';
import { orNull, stageAfter, STEP_TITLES } from '../utils/registration-steps';
import { useServerErrors } from '../utils/use-server-errors';
import type { StepProps } from './profile-step';
import { Choices } from '@cuota/ui/choices';
import { StepCard } from './step-card';

const FIELDS = ['billing_name', 'tax_id', 'tax_regime', 'tax_zip_code'] as const;
type Values = Record<(typeof FIELDS)[number], string> & {
  invoiced: 'yes' | 'no';
  /** The children whose colegiaturas are invoiced to this guardian. */
  billed: string[];
};

const REGIMEN_CODES = Object.keys(REGIMENES_FISCALES) as RegimenFiscal[];

/** The régimenes a taxpayer of this RFC may declare (all while the RFC is not readable yet). */
const regimenesFor = (rfc: string) => {
  const kind = parseRfc(rfc)?.kind;
  return REGIMEN_CODES.filter((code) => !kind || REGIMENES_FISCALES[code][kind]);
};

/**
 * BILLING: whether the family wants invoices in its name, its fiscal data as on its
 * constancia de situación fiscal, and which children's colegiaturas are invoiced to it.
 * Without invoices the school invoices the payments to público en general.
 */
export function BillingStep({ guardian, mode, onSaved, onBack }: StepProps) {
  const [save, saving] = useSaveGuardianMutation();
  const [billTo, billing] = useBillToMutation();
  const dependents = useGuardianMeQuery().data?.dependents ?? [];
  const { register, handleSubmit, formState, setError, control } = useForm<Values>({
    defaultValues: {
      invoiced: guardian.tax_id ? 'yes' : mode === 'step' ? 'yes' : 'no',
      billing_name: guardian.billing_name ?? '',
      tax_id: guardian.tax_id ?? '',
      tax_regime: guardian.tax_regime ?? '',
      tax_zip_code: guardian.tax_zip_code ?? '',
      billed: dependents
        .filter((d) => !d.billing_guardian || d.billing_guardian.id === guardian.id)
        .map((d) => d.id),
    },
  });
  const server = useServerErrors(FIELDS, setError);
  const errorOf = (field: (typeof FIELDS)[number]) => formState.errors[field]?.message ?? null;
  const invoiced = useWatch({ control, name: 'invoiced' }) === 'yes';
  const regimenes = regimenesFor(useWatch({ control, name: 'tax_id' }));

  const submit = handleSubmit(async ({ invoiced: wanted, billed, ...values }) => {
    server.clear();
    const fiscal = wanted === 'yes';
    try {
      const changes = {
        billing_name: fiscal ? orNull(values.billing_name) : null,
        tax_id: fiscal ? orNull(values.tax_id) : null,
        tax_regime: fiscal ? orNull(values.tax_regime) : null,
        tax_zip_code: fiscal ? orNull(values.tax_zip_code) : null,
        ...(fiscal ? {} : { cfdi_use: null }),
        ...(mode === 'step' ? { onboarding_stage: stageAfter('BILLING') } : {}),
      };
      const saved = await save({ id: guardian.id, changes }).unwrap();
      const toBill = billed.filter(
        (id) => dependents.find((d) => d.id === id)?.billing_guardian?.id !== guardian.id,
      );
      if (fiscal && toBill.length)
        await billTo({ guardianId: guardian.id, studentIds: toBill }).unwrap();
      onSaved(saved);
    } catch (failure) {
      server.show(failure);
    }
  });

  return (
    <StepCard
      title={STEP_TITLES.BILLING}
      mode={mode}
      onSubmit={submit}
      saving={saving.isLoading || billing.isLoading}
      error={server.message}
      onBack={onBack}
    >
      <Choices>
        <legend>¿Quieres facturas a tu nombre?</legend>
        <label>
          <input type="radio" value="yes" {...register('invoiced')} /> Sí, con mis datos fiscales
        </label>
        <label>
          <input type="radio" value="no" {...register('invoiced')} /> No, sin factura a mi nombre
        </label>
      </Choices>
      {invoiced ? (
        <>
          <p>Escribe tus datos como aparecen en tu constancia de situación fiscal.</p>
          <FieldGrid>
            <TextField
              label="Nombre o razón social"
              autoComplete="name"
              error={errorOf('billing_name')}
              {...register('billing_name')}
            />
            <TextField
              label="RFC"
              autoCapitalize="characters"
              hint="13 caracteres si eres persona física, 12 si es una empresa."
              error={errorOf('tax_id')}
              {...register('tax_id')}
            />
            <SelectField
              label="Régimen fiscal"
              hint="Está en tu constancia de situación fiscal."
              error={errorOf('tax_regime')}
              {...register('tax_regime')}
            >
              <option value="">Elige tu régimen</option>
              {regimenes.map((code) => (
                <option key={code} value={code}>
                  {code} · {REGIMENES_FISCALES[code].description}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Código postal fiscal"
              inputMode="numeric"
              autoComplete="postal-code"
              hint="El de tu domicilio fiscal: 5 dígitos."
              error={errorOf('tax_zip_code')}
              {...register('tax_zip_code')}
            />
          </FieldGrid>
          {dependents.length > 0 && (
            <Choices>
              <legend>Facturar a mi nombre las colegiaturas de</legend>
              {dependents.map((d) => (
                <label key={d.id}>
                  <input type="checkbox" value={d.id} {...register('billed')} /> {d.first_name}{' '}
                  {d.last_name}
                </label>
              ))}
            </Choices>
          )}
        </>
      ) : (
        <p>Tus pagos se facturarán a público en general. Puedes cambiarlo después.</p>
      )}
    </StepCard>
  );
}
