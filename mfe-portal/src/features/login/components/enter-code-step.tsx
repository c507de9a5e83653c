import { useState, type FormEvent } from 'react';
import { AUTH_PROVIDERS } from '@cuota/contracts/identity/session';
import type { SendCodeResult } from '@cuota/contracts/identity/guardian-login';
import { Button } from '@cuota/ui/button';
import { TextField } from '@cuota/ui/text-field';
import { useAuthActions } from '@cuota/web-core/auth/use-auth-actions';
import { signedIn } from '@cuota/web-core/auth/sign-in';
import { useUtmNavigate } from '@cuota/web-core/routing/utm-link';
import { signInMessage } from '../utils/sign-in-messages';

const CODE_PATTERN = /^\d{6}$/;

export interface EnterCodeStepProps {
  guardianHash: string;
  sent: SendCodeResult;
  onResend: () => void;
}

/** Step 2: the code from the e-mail opens the session. */
export function EnterCodeStep({ guardianHash, sent, onResend }: EnterCodeStepProps) {
  const { signIn } = useAuthActions();
  const navigate = useUtmNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const minutes = Math.round(sent.expires_in_seconds / 60);

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
      if (signedIn(result)) return navigate(`/guardians/${guardianHash}`);
      setError(signInMessage(result.error));
    } catch {
      setError(signInMessage(null));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <p>
        Enviamos un código a <strong>{sent.email_hint}</strong>. Vence en {minutes} minutos.
      </p>
      <TextField
        label="Código de acceso"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        error={error}
      />
      <p>
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Entrando…' : 'Entrar'}
        </Button>{' '}
        <Button variant="ghost" onClick={onResend}>
          Solicitar otro código
        </Button>
      </p>
    </form>
  );
}
