import { useEffect, useEffectEvent, useImperativeHandle, useRef } from 'react';
import styled from 'styled-components';
import type { ICard } from '@kushki/js-sdk/Card';
import type { CardFormProps } from '@cuota/ui/card-form/card-form-types';
import { KUSHKI_FIELDS, startKushkiCard, type KushkiJs } from './kushki-js';

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

const NOT_LOADED = 'No pudimos cargar el formulario de pago de Kushki. Recarga la página.';
const NOT_TOKENISED =
  'No pudimos validar tu tarjeta. Revisa los datos, confirma con tu banco si te lo pide e intenta de nuevo.';

/** Kushki's hosted fields: each card field is Kushki's own iframe inside these containers. */
export function KushkiCardForm({
  settings,
  totalCentavos,
  onState,
  onToken,
  ref,
}: CardFormProps<KushkiJs>) {
  const card = useRef<ICard | null>(null);
  const report = useEffectEvent(onState);

  useEffect(() => {
    let live = true;
    report({ valid: false, busy: true, error: null });
    startKushkiCard(settings, totalCentavos).then(
      (started) => {
        if (!live) return;
        card.current = started;
        started.onFieldValidity((event) =>
          report({ valid: 'isFormValid' in event && event.isFormValid, busy: false, error: null }),
        );
        report({ valid: false, busy: false, error: null });
      },
      () => live && report({ valid: false, busy: false, error: NOT_LOADED }),
    );
    return () => {
      live = false;
      card.current = null;
    };
  }, [settings, totalCentavos]);

  useImperativeHandle(ref, () => ({
    submit: () => {
      const started = card.current;
      if (!started) return;
      onState({ valid: true, busy: true, error: null });
      // 3-D Secure, OTP and the device fingerprint run inside requestToken when required.
      started.requestToken().then(
        ({ token, cardInfo }) => {
          onState({ valid: true, busy: false, error: null });
          onToken({ token, brand: cardInfo?.brand ?? '', last4: cardInfo?.lastFourDigits ?? '' });
        },
        () => onState({ valid: true, busy: false, error: NOT_TOKENISED }),
      );
    },
  }));

  return (
    <Fields role="group" aria-label="Datos de la tarjeta">
      {Object.values(KUSHKI_FIELDS).map((id) => (
        <div key={id} id={id} />
      ))}
    </Fields>
  );
}
