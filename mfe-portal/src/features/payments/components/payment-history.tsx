import { useState } from 'react';
import { PAYMENT_METHOD_LABELS, type Payin } from '@cuota/contracts/payments/payins';
import { storeLineName } from '@cuota/contracts/payments/store-checkout';
import { Card } from '@cuota/ui/card';
import { InstantText } from '@cuota/ui/date-text';
import { EmptyState } from '@cuota/ui/empty-state';
import { ErrorState } from '@cuota/ui/error-state';
import { MoneyText } from '@cuota/ui/money-text';
import { Pagination } from '@cuota/ui/pagination';
import { RowList } from '@cuota/ui/row-list';
import { Spinner } from '@cuota/ui/spinner';
import { StatusBadge } from '@cuota/ui/status-badge';
import { readError } from '@cuota/web-core/api/api-error';
import { useGuardianMeQuery } from '@cuota/web-core/api/guardian-api';
import { HISTORY_PAGE_SIZE, receiptUrl, useFamilyPayinsQuery } from '../api/portal-payments-api';
import { FamilyCreditNotice } from './family-credit-notice';
import { InvoiceLinks } from './invoice-links';

/** A SPEI reference or voucher still awaited: what to quote, so the family can pay it later. */
function AwaitedReference({ reference }: { reference: NonNullable<Payin['payment_reference']> }) {
  return (
    <p>
      {reference.clabe ? `CLABE ${reference.clabe} · ` : ''}Referencia {reference.reference} · paga
      antes del <InstantText instant={reference.expires_at} />
    </p>
  );
}

function PayinCard({ payin, studentName }: { payin: Payin; studentName: (id: string) => string }) {
  const method = payin.card
    ? `${payin.card.brand} terminación ${payin.card.last4}`
    : PAYMENT_METHOD_LABELS[payin.method];
  return (
    <Card
      title={
        <>
          <MoneyText centavos={payin.amount_centavos} /> ·{' '}
          <InstantText instant={payin.paid_at ?? payin.created_at} />
        </>
      }
    >
      <p>
        <StatusBadge kind="request" status={payin.status} /> {method}
      </p>
      {payin.error && <p>{payin.error.message}</p>}
      {payin.status === 'pending' && payin.payment_reference && (
        <AwaitedReference reference={payin.payment_reference} />
      )}
      <RowList $rowGap={1} aria-label="Conceptos pagados">
        {payin.allocations.map((a) => {
          const label = `${a.concept_name}${a.period ? ` ${a.period}` : ''} de ${studentName(a.student_id)}`;
          return (
            <li key={a.order_id}>
              <span>{label}</span>
              <MoneyText centavos={a.base_centavos + a.late_fee_centavos} />
              {payin.status === 'success' && (
                <InvoiceLinks studentId={a.student_id} orderId={a.order_id} label={label} />
              )}
            </li>
          );
        })}
        {payin.store_lines?.map((line) => (
          <li key={line.variant_id}>
            <span>
              Tienda: {storeLineName(line)} ×{line.quantity}
            </span>
            <MoneyText centavos={line.unit_price_centavos * line.quantity} />
          </li>
        ))}
        {payin.status === 'success' && payin.store_order_id && payin.student_ids[0] && (
          // One CFDI for the whole sale, asked for by its order as a tuition order's is.
          <li>
            <InvoiceLinks
              studentId={payin.student_ids[0]}
              orderId={payin.store_order_id}
              label="Compra en la tienda"
            />
          </li>
        )}
      </RowList>
      {payin.credit_created_centavos > 0 && (
        <p>
          Saldo a favor: <MoneyText centavos={payin.credit_created_centavos} />
        </p>
      )}
      {!!payin.returned_centavos && (
        <p>
          Devuelto a tu {payin.type === 'CARD' ? 'tarjeta' : 'cuenta bancaria'}:{' '}
          <MoneyText centavos={payin.returned_centavos} />
        </p>
      )}
      {payin.status === 'success' && (
        <a href={receiptUrl(payin.school_id, payin.id)} target="_blank" rel="noreferrer">
          Descargar recibo (PDF)
        </a>
      )}
    </Card>
  );
}

/** The family's payments at its school, newest first, each with its receipt and CFDIs. */
export function PaymentHistory({ schoolId }: { schoolId: string }) {
  const [page, setPage] = useState(1);
  const payins = useFamilyPayinsQuery({ schoolId, page });
  const me = useGuardianMeQuery();
  const studentName = (id: string) => {
    const dependent = me.data?.dependents.find((d) => d.id === id);
    return dependent ? dependent.first_name : 'tu alumno';
  };
  const data = payins.currentData;
  if (payins.error)
    return (
      <ErrorState message={readError(payins.error).message} onRetry={() => void payins.refetch()} />
    );
  if (!data) return <Spinner label="Cargando tus pagos…" />;
  if (data.count === 0)
    return (
      <EmptyState
        title="Aún no hay pagos registrados"
        description="Cada pago que hagas aparecerá aquí con su comprobante y su factura."
      />
    );
  return (
    <>
      <FamilyCreditNotice schoolId={schoolId} />
      {data.results.map((payin) => (
        <PayinCard key={payin.id} payin={payin} studentName={studentName} />
      ))}
      <Pagination
        page={page}
        pageCount={Math.max(1, Math.ceil(data.count / HISTORY_PAGE_SIZE))}
        onPageChange={setPage}
        label="Páginas del historial"
      />
    </>
  );
}
