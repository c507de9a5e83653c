import { useEffect, useState } from 'react';
import type { PreferenceMethod } from '@cuota/contracts/payments/preferences';
import { Button } from '@cuota/ui/button';
import { Notice } from '@cuota/ui/notice';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { newIdempotencyKey } from '@cuota/web-core/api/endpoint-request';
import { usePaymentReferenceMutation } from '../api/portal-payments-api';
import { PaymentInstructionsCard } from '@cuota/ui/payment-instructions';

/**
 * Asks payments for a SPEI reference or a cash voucher for the chosen orders, once per visit
 * (one Idempotency-Key: a retry after a failure answers the same reference), and shows how to
 * pay it.
 */
export function ReferencePayment({
  schoolId,
  method,
  orderIds,
}: {
  schoolId: string;
  method: Exclude<PreferenceMethod, 'card'>;
  orderIds: string[];
}) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [ask, answer] = usePaymentReferenceMutation();
  const askAgain = () =>
    void ask({
      preference: { school_id: schoolId, method, order_ids: orderIds },
      idempotencyKey,
    });
  // Asked when shown; the key makes a second ask (StrictMode, a retry) answer the first.
  useEffect(askAgain, []); // eslint-disable-line react-hooks/exhaustive-deps

  if (answer.error)
    return (
      <Notice tone="error">
        <p>{readError(answer.error).message}</p>
        <Button variant="secondary" onClick={askAgain}>
          Intentar de nuevo
        </Button>
      </Notice>
    );
  const instructions = answer.data?.instructions;
  if (!instructions) return <Spinner label="Generando tu referencia de pago…" />;
  return <PaymentInstructionsCard instructions={instructions} />;
}
