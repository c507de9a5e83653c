import { useState } from 'react';
import { Button } from '@cuota/ui/button';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { FormError, FormRow } from '@cuota/ui/form-pieces';
import { useInscribeMutation } from '../api/admissions-api';

/**
 * "Inscribir" (rule in docs/adr/0012-admissions-inscription.md): the service asks billing
 * first. When billing says the payment is pending or missing, the answer is a 409 and the
 * school may still inscribe without payment, writing why.
 */
export function InscribeControls({ studentId, name }: { studentId: string; name: string }) {
  const [inscribe, { isLoading }] = useInscribeMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (withoutPayment: boolean) => {
    setError(null);
    try {
      await inscribe({
        id: studentId,
        body: withoutPayment
          ? { without_payment: true, reason: reason.trim() }
          : { without_payment: false },
      }).unwrap();
    } catch (err) {
      const { status, message } = readError(err);
      if (status === 409 && !withoutPayment) setRefusal(message);
      else setError(message);
    }
  };

  return (
    <>
      <FormRow>
        <Button
          onClick={() => submit(false)}
          disabled={isLoading}
          aria-label={`Inscribir a ${name}`}
        >
          {isLoading ? 'Inscribiendo…' : 'Inscribir'}
        </Button>
      </FormRow>
      {refusal && (
        <>
          <FormError>{refusal}</FormError>
          <FormRow>
            <TextField
              label="Motivo para inscribir sin pago"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            <Button
              variant="secondary"
              onClick={() => submit(true)}
              disabled={isLoading || reason.trim().length < 5}
            >
              Inscribir sin pago
            </Button>
          </FormRow>
        </>
      )}
      {error && <FormError>{error}</FormError>}
    </>
  );
}
