import type { Payin } from '@cuota/contracts/payments/payins';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { FormRow } from '@cuota/ui/form-pieces';
import { MoneyText } from '@cuota/ui/money-text';
import { receiptUrl } from '../api/payments-api';
import { PayinSummary } from './payin-summary';

/** Opens the receipt PDF in a new tab and asks the browser to print it. */
function printReceipt(payin: Payin) {
  const opened = window.open(receiptUrl(payin.school_id, payin.id), '_blank');
  opened?.addEventListener('load', () => opened.print());
}

/** The desk's confirmation: what was recorded, the change to hand back, the receipt. */
export function DeskReceipt({
  payin,
  changeCentavos,
  onNext,
}: {
  payin: Payin;
  changeCentavos: number;
  onNext: () => void;
}) {
  return (
    <Card title="Pago registrado" focusTitle>
      {changeCentavos > 0 && (
        <p>
          Entrega de cambio: <MoneyText centavos={changeCentavos} />
        </p>
      )}
      <PayinSummary payin={payin} />
      <FormRow>
        <Button onClick={() => printReceipt(payin)}>Imprimir recibo</Button>
        <Button variant="secondary" onClick={onNext}>
          Registrar otro pago
        </Button>
      </FormRow>
    </Card>
  );
}
