import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import type { GuardianLoginInfo } from '@cuota/contracts/identity/guardian-login';
import { AUTH_PROVIDERS } from '@cuota/contracts/identity/session';
import { Button } from '@cuota/ui/button';
import { FormColumn, FormRow } from '@cuota/ui/form-pieces';
import { TextField } from '@cuota/ui/text-field';
import { signedIn } from '@cuota/web-core/auth/sign-in';
import { useAuthActions } from '@cuota/web-core/auth/use-auth-actions';
import { withNotification } from '@cuota/web-core/routing/notification-link';
import { useUtmNavigate } from '@cuota/web-core/routing/utm-link';
import { signInMessage } from '../utils/sign-in-messages';
import { useCodeRequest, type CodeRequest } from './use-code-request';

const CODE_PATTERN = /^\d{6}$/;

export interface EnterCodeStepProps {
  guardianHash: string;
  info: GuardianLoginInfo;
  /** How the family got here: a code sent now, one sent moments ago, or one they have. */
  request: CodeRequest;
}

function whereTheCodeIs(request: CodeRequest, emailHint: string): string {
  switch (request.kind) {
    case 'sent':
      return `Enviamos un código a ${request.sent.email_hint}. Vence en ${Math.round(request.sent.expires_in_seconds / 60)} minutos.`;
    case 'wait':
      return `Ya te enviamos un código a ${emailHint}. Escríbelo aquí; si no lo encuentras, revisa tu carpeta de correo no deseado.`;
    case 'has-code':
      return `Escribe el código de 6 dígitos que te enviamos a ${emailHint}.`;
    case 'from-link':
      return 'Tu código ya está escrito. Toca «Entrar» para abrir tu cuenta.';
  }
}

/**
 * Step 2: the code from the e-mail opens the session. The field takes focus when the step
 * appears and keeps what was typed while another code is asked for.
 */
export function EnterCodeStep({ guardianHash, info, request }: EnterCodeStepProps) {
  const { signIn } = useAuthActions();
  const navigate = useUtmNavigate();
  const { search } = useLocation();
  const resend = useCodeRequest(guardianHash);
  const [code, setCode] = useState(request.kind === 'from-link' ? request.code : '');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const current = resend.last ?? request;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!CODE_PATTERN.test(code)) return setError('El código tiene 6 dígitos.');
    setSubmitting(true);
    setError(null);
    try {
      const result = await signIn(AUTH_PROVIDERS.guardianCode, {
        guardian_hash: guardianHash,
        code,
      });
      // A reminder's notification_id, kept through the sign-in, opens once the portal shows.
      if (signedIn(result)) return navigate(withNotification(`/guardians/${guardianHash}`, search));
      setError(signInMessage(result.error));
    } catch {
      setError(signInMessage(null));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormColumn onSubmit={submit} noValidate aria-label="Entrar con tu código">
      <p>{whereTheCodeIs(current, info.email_hint)}</p>
      <TextField
        label="Código de acceso"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        // The step just appeared: the field is where the family goes next.
        autoFocus
        maxLength={6}
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        error={error}
      />
      {current.kind === 'wait' && <p role="status">{current.message}</p>}
      {resend.last?.kind === 'sent' && <p role="status">Te enviamos un código nuevo.</p>}
      <FormRow>
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Entrando…' : 'Entrar'}
        </Button>
        <Button variant="ghost" disabled={resend.sending} onClick={() => void resend.request()}>
          {resend.sending ? 'Enviando…' : 'Enviar otro código'}
        </Button>
      </FormRow>
    </FormColumn>
  );
}
