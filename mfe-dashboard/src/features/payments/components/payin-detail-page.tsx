import { useParams } from 'react-router';
import type { Payin } from '@cuota/contracts/payments/payins';
import { Card } from '@cuota/ui/card';
import { ErrorState } from '@cuota/ui/error-state';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { usePayinQuery } from '../api/payments-api';
import { PayinReversals } from './payin-reversals';
import { PayinSummary } from './payin-summary';
import { RefundCardForm } from './refund-card-form';
import { RefundToBankForm } from './refund-to-bank-form';
import { RefundToCreditForm } from './refund-to-credit-form';
import { VoidPayinForm } from './void-payin-form';

export function PayinDetailView({ schoolId, payinId }: { schoolId: string; payinId: string }) {
  const payin = usePayinQuery({ schoolId, payinId });
  if (payin.isLoading) return <Spinner label="Cargando el pago…" />;
  if (payin.error || !payin.data)
    return (
      <ErrorState message={readError(payin.error).message} onRetry={() => void payin.refetch()} />
    );
  return (
    <>
      <Card>
        <PayinSummary payin={payin.data} />
      </Card>
      <PayinReversals payin={payin.data} />
      {payin.data.status === 'success' && <Correction payin={payin.data} />}
    </>
  );
}

/**
 * How a paid payin is corrected: a card back to the card, gateway SPEI/cash to credit or to a
 * bank account, the desk's voided.
 */
function Correction({ payin }: { payin: Payin }) {
  if (payin.type === 'CARD') return <RefundCardForm payin={payin} />;
  if (payin.payment_reference)
    return (
      <>
        <RefundToCreditForm payin={payin} />
        <RefundToBankForm payin={payin} />
      </>
    );
  return <VoidPayinForm payin={payin} />;
}

export function PayinDetailPage() {
  const { payinId = '' } = useParams();
  const schoolId = useCurrentSchool().school?.id;
  return (
    <Page title="Detalle del pago">
      <UtmLink to="/dashboard/payments">Volver a pagos</UtmLink>
      {schoolId && <PayinDetailView schoolId={schoolId} payinId={payinId} />}
    </Page>
  );
}
