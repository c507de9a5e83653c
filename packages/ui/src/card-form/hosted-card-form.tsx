import { useEffect, useEffectEvent, useImperativeHandle } from 'react';
import styled from 'styled-components';
import type { CardFormSettings } from '@cuota/contracts/payments/checkout';
import { centavosToDecimal } from '../money';
import type { CardFormProps } from './card-form-types';
import { useHostedForm } from './use-hosted-form';

type HostedForm = Extract<CardFormSettings, { kind: 'hosted_form' }>;

const Frame = styled.iframe`
  width: 100%;
  border: none;
`;

/** The form's address for this school and amount (the gateway checks the parent). */
function formSrc(settings: HostedForm, totalCentavos: number): string {
  const url = new URL(settings.form_url);
  url.searchParams.set('publicMerchantId', settings.public_merchant_id);
  url.searchParams.set('amount', centavosToDecimal(totalCentavos));
  url.searchParams.set('currency', 'MXN');
  url.searchParams.set('parentOrigin', window.location.origin);
  return url.href;
}

/** The local gateway sandbox's hosted form in an iframe, spoken to by postMessage. */
export function HostedCardForm({
  settings,
  totalCentavos,
  onState,
  onToken,
  ref,
}: CardFormProps<HostedForm>) {
  const { setFrame, valid, busy, error, height, submit } = useHostedForm(
    new URL(settings.form_url).origin,
    onToken,
  );
  useImperativeHandle(ref, () => ({ submit }), [submit]);
  const report = useEffectEvent(onState);
  useEffect(() => report({ valid, busy, error }), [valid, busy, error]);
  return (
    <Frame
      ref={setFrame}
      title="Datos de la tarjeta"
      src={formSrc(settings, totalCentavos)}
      style={{ height }}
    />
  );
}
