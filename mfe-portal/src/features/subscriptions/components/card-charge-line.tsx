import type { CardSubscription } from '@cuota/contracts/payments/card-subscriptions';
import { formatPeriod } from '@cuota/ui/dates';
import { MoneyText } from '@cuota/ui/money-text';
import { Notice } from '@cuota/ui/notice';

type Charge = CardSubscription['charges'][number];

const monthOf = (charge: Charge) => (charge.period ? formatPeriod(charge.period) : 'este mes');

/** What came of the card's latest charge; a declined month is the family's to pay. */
export function CardChargeLine({ charge }: { charge: Charge | undefined }) {
  if (!charge) return <p>Aún no hay cargos a esta tarjeta.</p>;
  if (charge.status === 'DECLINED')
    return (
      <Notice tone="error">
        <p role="alert">
          El cargo de {monthOf(charge)} fue rechazado:{' '}
          {(charge.message ?? 'la tarjeta no pasó').replace(/\.$/, '')}. Ese mes sigue pendiente:
          págalo en Pagos.
        </p>
      </Notice>
    );
  if (charge.status === 'APPROVED')
    return (
      <p>
        Último cargo: {monthOf(charge)}, <MoneyText centavos={charge.amount_centavos} />.
      </p>
    );
  return <p>El cargo de {monthOf(charge)} está en proceso.</p>;
}
