import type { CardFormProps } from '@cuota/ui/card-form/card-form-types';
import { HostedCardForm } from '@cuota/ui/card-form/hosted-card-form';
import { KushkiCardForm } from './kushki-card-form';

/**
 * Kushki's own SDK (hosted fields with 3-D Secure, OTP and device fingerprinting) for a
 * school on Kushki's test or production environment; the local sandbox's hosted form, framed,
 * for development and the browser journeys.
 */
export function CardForm({ settings, ...props }: CardFormProps) {
  return settings.kind === 'kushki_js' ? (
    <KushkiCardForm settings={settings} {...props} />
  ) : (
    <HostedCardForm settings={settings} {...props} />
  );
}
