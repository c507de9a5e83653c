import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import styled from 'styled-components';
import { STAFF_PASSWORD_MIN_LENGTH } from '@cuota/contracts/enrolment/staff-users';
import { NETWORK_ERROR_MESSAGE } from '@cuota/web-core/api/api-error';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { PageLayout } from '@cuota/ui/page-layout';
import { TextField } from '@cuota/ui/text-field';
import { useAuthActions } from '@cuota/web-core/auth/use-auth-actions';
import { UtmLink, useUtmNavigate } from '@cuota/web-core/routing/utm-link';
import { redeemInvitation } from '../api/invitation-api';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

const ErrorMessage = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error};
  font-weight: 600;
`;

/** What the browser can tell before asking the BFF (the BFF and enrolment check again). */
function localProblem(name: string, password: string, confirmation: string): string | null {
  if (!name.trim()) return 'Escribe tu nombre.';
  if (password.length < STAFF_PASSWORD_MIN_LENGTH)
    return `La contraseña debe tener al menos ${STAFF_PASSWORD_MIN_LENGTH} caracteres.`;
  if (password !== confirmation) return 'Las contraseñas no coinciden.';
  return null;
}

/**
 * /dashboard/invitacion/{token}: the link of a staff invitation e-mail. The invited member
 * writes their name and a password; the BFF has enrolment check the link, signs them in and
 * the page opens the dashboard. Reachable signed out (and signed in: the link signs in as the
 * invited member).
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const { sessionChanged } = useAuthActions();
  const navigate = useUtmNavigate();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = localProblem(name, password, confirmation);
    if (problem) return setError(problem);
    setSubmitting(true);
    setError(null);
    try {
      const result = await redeemInvitation({ token, name: name.trim(), password });
      if (!result.ok) return setError(result.message);
      await sessionChanged();
      void navigate('/dashboard');
    } catch {
      setError(NETWORK_ERROR_MESSAGE);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PageLayout title="Crea tu contraseña" surface="Panel escolar" narrow>
      <Card>
        <Form onSubmit={submit} aria-label="Aceptar invitación" noValidate>
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
          <TextField
            label="Contraseña nueva"
            type="password"
            autoComplete="new-password"
            required
            minLength={STAFF_PASSWORD_MIN_LENGTH}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <TextField
            label="Confirma la contraseña"
            type="password"
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
          {error && <ErrorMessage role="alert">{error}</ErrorMessage>}
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Guardando…' : 'Crear contraseña y entrar'}
          </Button>
          <UtmLink to="/dashboard/login">¿Ya tienes contraseña? Inicia sesión</UtmLink>
        </Form>
      </Card>
    </PageLayout>
  );
}
