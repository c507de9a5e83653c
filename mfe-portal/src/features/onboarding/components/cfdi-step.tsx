import { useForm } from 'react-hook-form';
import {
  FAMILY_CFDI_USES,
  isRegimenFiscal,
  usoAllowedFor,
  USOS_CFDI,
  type FamilyCfdiUse,
} from '@cuota/contracts/invoicing/fiscal-catalogs';
import { parseRfc } from '@cuota/contracts/invoicing/rfc';
import { FormError } from '@cuota/ui/form-pieces';
import { useSaveGuardianMutation } from '../api/registration-api';
import { stageAfter, STEP_TITLES } from '../utils/registration-steps';
import { useServerErrors } from '../utils/use-server-errors';
import { Choices } from '@cuota/ui/choices';
import type { StepProps } from './profile-step';
import { StepCard } from './step-card';

type Values = { cfdi_use: FamilyCfdiUse | '' };

const HELP: Record<FamilyCfdiUse, string> = {
  D10: 'Para deducir las colegiaturas en tu declaración anual (personas físicas con un régimen que lo admite; pagos con tarjeta o transferencia).',
  G03: 'Si las colegiaturas son un gasto de tu negocio o empresa.',
  S01: 'Si no usarás la factura ante el SAT.',
};

/** The uses SAT admits for this guardian's RFC and régimen (all, while either is missing). */
function admittedUses(taxId: string | null, regimen: string | null): FamilyCfdiUse[] {
  const kind = taxId ? parseRfc(taxId)?.kind : undefined;
  if (!kind || !regimen || !isRegimenFiscal(regimen)) return [...FAMILY_CFDI_USES];
  return FAMILY_CFDI_USES.filter((use) => usoAllowedFor(use, kind, regimen));
}

/**
 * CFDI: what the family's invoices are for (UsoCFDI), D10 (deductible colegiaturas) first
 * where SAT admits it. A family without invoices in its name has nothing to choose.
 */
export function CfdiStep({ guardian, mode, onSaved, onBack }: StepProps) {
  const [save, { isLoading }] = useSaveGuardianMutation();
  const admitted = admittedUses(guardian.tax_id, guardian.tax_regime);
  const current = admitted.find((use) => use === guardian.cfdi_use);
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    defaultValues: { cfdi_use: current ?? admitted[0] ?? '' },
  });
  const server = useServerErrors(['cfdi_use'], setError);

  const submit = handleSubmit(async ({ cfdi_use }) => {
    server.clear();
    try {
      const changes = {
        ...(guardian.tax_id ? { cfdi_use: cfdi_use || null } : {}),
        ...(mode === 'step' ? { onboarding_stage: stageAfter('CFDI') } : {}),
      };
      onSaved(await save({ id: guardian.id, changes }).unwrap());
    } catch (failure) {
      server.show(failure);
    }
  });

  return (
    <StepCard
      title={STEP_TITLES.CFDI}
      mode={mode}
      onSubmit={submit}
      saving={isLoading}
      error={server.message}
      onBack={onBack}
    >
      {guardian.tax_id ? (
        <Choices>
          <legend>¿Para qué usarás tus facturas?</legend>
          {admitted.map((use) => (
            <label key={use}>
              <input type="radio" value={use} {...register('cfdi_use')} />
              <span>
                <strong>
                  {use} · {USOS_CFDI[use].description}
                </strong>
                <br />
                {HELP[use]}
              </span>
            </label>
          ))}
          {formState.errors.cfdi_use && <FormError>{formState.errors.cfdi_use.message}</FormError>}
        </Choices>
      ) : (
        <p>
          No pediste facturas a tu nombre, así que no hay uso del CFDI que elegir. Tus pagos se
          facturan a público en general.
        </p>
      )}
    </StepCard>
  );
}
