import type { GuardianLoginInfo, SendCodeResult } from '@cuota/contracts/identity/guardian-login';
import { Button } from '@cuota/ui/button';
import { useSendLoginCodeMutation } from '../api/login-api';

export interface SendCodeStepProps {
  guardianHash: string;
  info: GuardianLoginInfo;
  onSent: (result: SendCodeResult) => void;
}

/** Step 1: confirm who this link is for and e-mail them a code. */
export function SendCodeStep({ guardianHash, info, onSent }: SendCodeStepProps) {
  const [sendCode, { isLoading }] = useSendLoginCodeMutation();
  const send = async () => {
    // A failure is shown by the alert banner (mutations report their errors there).
    const result = await sendCode(guardianHash);
    if (result.data) onSent(result.data);
  };
  return (
    <>
      <p>Hola, {info.first_name}.</p>
      <p>
        Para entrar te enviaremos un código de acceso de 6 dígitos a{' '}
        <strong>{info.email_hint}</strong>.
      </p>
      <Button onClick={send} disabled={isLoading}>
        {isLoading ? 'Enviando…' : 'Enviar código'}
      </Button>
    </>
  );
}
