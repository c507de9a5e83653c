import type { GuardianLoginInfo } from '@cuota/contracts/identity/guardian-login';
import { Button } from '@cuota/ui/button';
import { FormRow } from '@cuota/ui/form-pieces';
import { useCodeRequest, type CodeRequest } from './use-code-request';

export interface SendCodeStepProps {
  guardianHash: string;
  info: GuardianLoginInfo;
  onRequested: (request: CodeRequest) => void;
}

/** Step 1: confirm who this link is for and e-mail them a code (or type one already sent). */
export function SendCodeStep({ guardianHash, info, onRequested }: SendCodeStepProps) {
  const { request, sending } = useCodeRequest(guardianHash);
  const send = async () => {
    const result = await request();
    if (result) onRequested(result);
  };
  return (
    <>
      <p>Hola, {info.first_name}.</p>
      <p>
        Para entrar te enviaremos un código de acceso de 6 dígitos a{' '}
        <strong>{info.email_hint}</strong>.
      </p>
      <FormRow>
        <Button onClick={send} disabled={sending}>
          {sending ? 'Enviando…' : 'Enviar código'}
        </Button>
        <Button variant="ghost" onClick={() => onRequested({ kind: 'has-code' })}>
          Ya tengo un código
        </Button>
      </FormRow>
    </>
  );
}
