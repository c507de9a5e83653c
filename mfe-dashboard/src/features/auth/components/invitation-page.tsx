import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { STAFF_PASSWORD_MIN_LENGTH } from '@cuota/contracts/enrolment/staff-users';
import { redeemInvitation } from '@cuota/contracts/identity/endpoints';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { PageLayout } from '@cuota/ui/page-layout';
import { TextField } from '@cuota/ui/text-field';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { postAuthForm } from '../api/auth-form-api';
import { newPasswordProblem } from '../utils/new-password';
import { AuthForm, AuthFormError } from './auth-form';
import { NewPasswordFields } from './new-password-fields';
import { useLinkSubmit } from './use-link-submit';

/**
 * /dashboard/invitacion/{token}: the link of a staff invitation e-mail. The invited member
 * writes their name and a password; the BFF has enrolment check the link, signs them in and
 * the page opens the dashboard. Reachable signed out (and signed in: the link signs in as the
 * invited member).
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const { error, submitting, submit } = useLinkSubmit();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = name.trim() ? newPasswordProblem(password, confirmation) : 'Escribe tu nombre.';
    void submit(problem, () =>
      postAuthForm(redeemInvitation, { token, name: name.trim(), password }),
    );
  };

  return (
    <PageLayout title="Crea tu contraseña" surface="Panel escolar" narrow>
      <Card>
        <AuthForm onSubmit={onSubmit} aria-label="Aceptar invitación" noValidate>
          <p>
            Te invitaron al personal de una escuela en Cuota. Escribe tu nombre y elige una
            contraseña de al menos {STAFF_PASSWORD_MIN_LENGTH} caracteres para entrar al panel.
          </p>
          <TextField
            label="Nombre completo"
            autoComplete="name"
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPassword={setPassword}
            onConfirmation={setConfirmation}
          />
          {error && <AuthFormError role="alert">{error}</AuthFormError>}
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Guardando…' : 'Crear contraseña y entrar'}
          </Button>
          <UtmLink to="/dashboard/login">¿Ya tienes contraseña? Inicia sesión</UtmLink>
        </AuthForm>
      </Card>
    </PageLayout>
  );
}
