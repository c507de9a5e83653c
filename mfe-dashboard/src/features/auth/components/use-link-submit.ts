import { useState } from 'react';
import { NETWORK_ERROR_MESSAGE } from '@cuota/web-core/api/api-error';
import { useAuthActions } from '@cuota/web-core/auth/use-auth-actions';
import { useUtmNavigate } from '@cuota/web-core/routing/utm-link';
import type { AuthFormResult } from '../api/auth-form-api';

/**
 * The submit of a page an e-mailed link opens (invitation, password reset): a problem the
 * browser sees is shown without asking; else the BFF sets the password and signs the user in,
 * and the dashboard opens. A refusal (expired or used link) is shown in place.
 */
export function useLinkSubmit() {
  const { sessionChanged } = useAuthActions();
  const navigate = useUtmNavigate();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (problem: string | null, post: () => Promise<AuthFormResult>) => {
    if (problem) return setError(problem);
    setSubmitting(true);
    setError(null);
    try {
      const result = await post();
      if (!result.ok) return setError(result.message);
      await sessionChanged();
      void navigate('/dashboard');
    } catch {
      setError(NETWORK_ERROR_MESSAGE);
    } finally {
      setSubmitting(false);
    }
  };
  return { error, submitting, submit };
}
