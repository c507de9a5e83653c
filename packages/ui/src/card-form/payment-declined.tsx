import { Card } from '../card';
import { Notice } from '../notice';

/** A card payment the bank did not approve (portal and store): why, and that nothing was charged. */
export function PaymentDeclined({ message }: { message?: string | null }) {
  return (
    <Card title="Tu pago no se completó" focusTitle>
      <Notice tone="error">
        <p>{message ?? 'El banco no aprobó el cargo. No se hizo ningún cobro.'}</p>
      </Notice>
    </Card>
  );
}
