import { useEffect, useRef, useState, type FormEvent } from 'react';
import { passwordResetRequestedSchema } from '@cuota/contracts/enrolment/staff-users';
import { requestStaffPasswordReset } from '@cuota/contracts/identity/endpoints';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { PageLayout } from '@cuota/ui/page-layout';
import { TextField } from '@cuota/ui/text-field';
import { NETWORK_ERROR_MESSAGE } from '@cuota/web-core/api/api-error';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { postAuthForm } from '../api/auth-form-api';
import { AuthForm, AuthFormError } from './auth-form';

/** The BFF's answer (the same for any address); focus moves to it so it is heard. */
function Requested({ message }: { message: string }) {
  const text = useRef<HTMLParagraphElement>(null);
  useEffect(() => text.current?.focus(), []);
  return (
    <p ref={text} role="status" tabIndex={-1}>
      {message}
    </p>
  );
}

/** /dashboard/olvide-mi-contrasena: a staff member asks for a link to choose a new password. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [requested, setRequested] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const result = await postAuthForm(requestStaffPasswordReset, { email });
      if (!result.ok) return setError(result.message);
      setRequested(passwordResetRequestedSchema.parse(result.body).message);
    } catch {
      setError(NETWORK_ERROR_MESSAGE);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PageLayout title="¿Olvidaste tu contraseña?" surface="Panel escolar" narrow>
      <Card>
        {requested ? (
          <Requested message={requested} />
        ) : (
          <AuthForm onSubmit={submit} aria-label="Pedir un enlace" noValidate>
            <p>
              Escribe el correo con el que entras al panel y te enviaremos un enlace para elegir una
              contraseña nueva.
            </p>
            <TextField
              label="Correo electrónico"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            {error && <AuthFormError role="alert">{error}</AuthFormError>}
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Enviando…' : 'Enviar enlace'}
            </Button>
          </AuthForm>
        )}
        <UtmLink to="/dashboard/login">Volver a iniciar sesión</UtmLink>
      </Card>
    </PageLayout>
  );
}
