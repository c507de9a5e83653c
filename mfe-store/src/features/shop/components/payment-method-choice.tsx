import type { StorePaymentMethod } from '@cuota/contracts/payments/store-checkout';
import { Choices } from '@cuota/ui/choices';

const LABELS: Record<StorePaymentMethod, string> = {
  card: 'Tarjeta',
  transfer: 'Transferencia (SPEI)',
  cash: 'Efectivo',
};

const HINTS: Record<StorePaymentMethod, string> = {
  card: 'Crédito o débito, en el formulario seguro de la pasarela.',
  transfer: 'Te damos una CLABE y una referencia para pagar desde tu banco.',
  cash: 'Te damos una referencia para pagar en una tienda de conveniencia.',
};

/**
 * How the buyer pays the store's cart (ADR 0106): a card now, or a SPEI reference or cash
 * voucher paid within its deadline (the articles are kept for the buyer until then).
 */
export function PaymentMethodChoice({
  value,
  onChange,
  disabled,
}: {
  value: StorePaymentMethod;
  onChange: (method: StorePaymentMethod) => void;
  disabled?: boolean;
}) {
  return (
    <Choices disabled={disabled}>
      <legend>¿Cómo quieres pagar?</legend>
      {(Object.keys(LABELS) as StorePaymentMethod[]).map((method) => (
        <label key={method}>
          <input
            type="radio"
            name="store-payment-method"
            value={method}
            checked={value === method}
            onChange={() => onChange(method)}
          />
          <span>
            <strong>{LABELS[method]}</strong> — {HINTS[method]}
          </span>
        </label>
      ))}
    </Choices>
  );
}
