import { useState, type FormEvent } from 'react';
import { AUTH_PROVIDERS } from '@cuota/contracts/identity/session';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { PageLayout } from '@cuota/ui/page-layout';
import { TextField } from '@cuota/ui/text-field';
import { signedIn } from '@cuota/web-core/auth/sign-in';
import { useAuthActions } from '@cuota/web-core/auth/use-auth-actions';
import { UtmLink, useUtmNavigate } from '@cuota/web-core/routing/utm-link';
import { signInMessage } from '../utils/sign-in-messages';
import { AuthForm, AuthFormError } from './auth-form';

/** /dashboard/login: e-mail and password of a school staff member. */
export function StaffLoginPage() {
  const { signIn } = useAuthActions();
  const navigate = useUtmNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const result = await signIn(AUTH_PROVIDERS.staffCredentials, { email, password });
      if (signedIn(result)) return navigate('/dashboard');
      setError(signInMessage(result.error));
    } catch {
      setError(signInMessage(null));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PageLayout title="Inicia sesión en el panel escolar" surface="Panel escolar" narrow>
      <Card>
        <AuthForm onSubmit={submit}>
          <TextField
            label="Correo electrónico"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField
            label="Contraseña"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {error && <AuthFormError role="alert">{error}</AuthFormError>}
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Entrando…' : 'Iniciar sesión'}
          </Button>
          <UtmLink to="/dashboard/olvide-mi-contrasena">¿Olvidaste tu contraseña?</UtmLink>
        </AuthForm>
      </Card>
    </PageLayout>
  );
}
