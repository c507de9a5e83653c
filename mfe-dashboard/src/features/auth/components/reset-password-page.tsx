import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { STAFF_PASSWORD_MIN_LENGTH } from '@cuota/contracts/enrolment/staff-users';
import { resetStaffPassword } from '@cuota/contracts/identity/endpoints';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { PageLayout } from '@cuota/ui/page-layout';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { postAuthForm } from '../api/auth-form-api';
import { newPasswordProblem } from '../utils/new-password';
import { AuthForm, AuthFormError } from './auth-form';
import { NewPasswordFields } from './new-password-fields';
import { useLinkSubmit } from './use-link-submit';

/**
 * /dashboard/restablecer-contrasena/{token}: the link of a password-reset e-mail. The staff
 * member chooses a new password; the BFF has enrolment spend the link, ends their other
 * sessions and signs them in here, and the dashboard opens.
 */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const { error, submitting, submit } = useLinkSubmit();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(newPasswordProblem(password, confirmation), () =>
      postAuthForm(resetStaffPassword, { token, password }),
    );
  };

  return (
    <PageLayout title="Elige una contraseña nueva" surface="Panel escolar" narrow>
      <Card>
        <AuthForm onSubmit={onSubmit} aria-label="Elegir contraseña nueva" noValidate>
          <p>
            Elige una contraseña de al menos {STAFF_PASSWORD_MIN_LENGTH} caracteres. Al guardarla
            entrarás al panel y se cerrarán tus sesiones abiertas en otros dispositivos.
          </p>
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPassword={setPassword}
            onConfirmation={setConfirmation}
          />
          {error && <AuthFormError role="alert">{error}</AuthFormError>}
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Guardando…' : 'Guardar contraseña y entrar'}
          </Button>
          <UtmLink to="/dashboard/olvide-mi-contrasena">Pedir otro enlace</UtmLink>
        </AuthForm>
      </Card>
    </PageLayout>
  );
}
