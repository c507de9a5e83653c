import { useRef, useState } from 'react';
import { Button } from '@cuota/ui/button';
import { FormError, FormRow } from '@cuota/ui/form-pieces';
import { Notice } from '@cuota/ui/notice';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { useCardFormSettingsQuery } from '../../features/payments/api/portal-payments-api';
import { CardForm } from '../../features/payments/components/card-form';
import type { CardFormHandle, CardFormState } from '@cuota/ui/card-form/card-form-types';
import type { CardEntryProps } from '../../features/subscriptions/components/card-entry';

/**
 * The payments feature's card form (Kushki's hosted fields, or the sandbox's; ADR 0030) as
 * the subscriptions feature asks for one: the school's settings, the form, its button.
 */
export function PortalCardEntry({
  schoolId,
  totalCentavos,
  submitLabel,
  sending,
  problem,
  onToken,
  onCancel,
}: CardEntryProps) {
  const settings = useCardFormSettingsQuery(schoolId);
  const form = useRef<CardFormHandle>(null);
  const [state, setState] = useState<CardFormState>({ valid: false, busy: false, error: null });
  if (settings.isLoading) return <Spinner label="Preparando el formulario de la tarjeta…" />;
  if (settings.error || !settings.data)
    return <FormError>{readError(settings.error).message}</FormError>;
  if (settings.data.kind === 'refused')
    return (
      <Notice tone="warning">
        <p role="alert">{settings.data.message}</p>
      </Notice>
    );
  const busy = state.busy || sending;
  const shown = problem ?? state.error;
  return (
    <>
      <CardForm
        ref={form}
        settings={settings.data}
        totalCentavos={totalCentavos}
        onState={setState}
        onToken={(card) => onToken(card.token)}
      />
      {shown && <FormError>{shown}</FormError>}
      <FormRow>
        <Button disabled={!state.valid || busy} onClick={() => form.current?.submit()}>
          {busy ? 'Guardando…' : submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Ahora no
        </Button>
      </FormRow>
    </>
  );
}
