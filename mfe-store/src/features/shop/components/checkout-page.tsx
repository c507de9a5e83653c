import { useRef, useState } from 'react';
import type { StorePaymentMethod } from '@cuota/contracts/payments/store-checkout';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { HostedCardForm } from '@cuota/ui/card-form/hosted-card-form';
import type { CardFormHandle, CardFormState, CardToken } from '@cuota/ui/card-form/card-form-types';
import { EmptyState } from '@cuota/ui/empty-state';
import { ErrorState } from '@cuota/ui/error-state';
import { formatMoney } from '@cuota/ui/money';
import { Notice } from '@cuota/ui/notice';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { newIdempotencyKey } from '@cuota/web-core/api/endpoint-request';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useSignUpFamilyMutation } from '../../../api/signup-api';
import { useOnlineStoreQuery } from '../api/online-store-api';
import { useStoreCardFormQuery, useStoreCheckoutMutation } from '../api/store-checkout-api';
import { useStoreBuyer, type StoreBuyer } from '../hooks/use-store-buyer';
import { cartTotal, pricedLines } from '../utils/cart';
import { emptyGuestLead, guestLeadReady, toGuestFiscal, toSignup } from '../utils/guest-lead';
import { storePath } from '../utils/store-paths';
import { useCart } from './cart-context';
import { GuestLeadFields, StudentChooser } from './buyer-fields';
import { PaymentMethodChoice } from './payment-method-choice';
import { PurchaseProgress } from './purchase-progress';

const NO_CARD_YET: CardFormState = { valid: false, busy: false, error: null };

/** The one student of a family with one here; a family with several chooses. */
const onlyStudent = (buyer: StoreBuyer) =>
  buyer.kind === 'family' && buyer.students.length === 1 ? buyer.students[0]!.id : '';

/**
 * /store/:schoolId/pago — the cart paid by card (ADR 0074): the gateway's hosted form
 * tokenises, payments prices the cart at billing and charges; or by SPEI or cash (ADR 0106):
 * payments answers the reference to pay. One Idempotency-Key per attempt (kept when the
 * answer was lost). The total shown is for reading only. A signed-in
 * family buys for one of its students; a guest leaves their data as the school's sign-up
 * does (a lead), before the card is charged (ADR 0083).
 */
export function CheckoutPage({ schoolId }: { schoolId: string }) {
  const store = useOnlineStoreQuery(schoolId);
  const settings = useStoreCardFormQuery(schoolId);
  const { cart, clear } = useCart();
  const [buy, result] = useStoreCheckoutMutation();
  const [key, setKey] = useState(newIdempotencyKey);
  const buyer = useStoreBuyer(schoolId);
  const [signUp, lead] = useSignUpFamilyMutation();
  const [guest, setGuest] = useState(() => emptyGuestLead());
  const [chosen, setChosen] = useState('');
  const studentId = chosen || onlyStudent(buyer);
  const [problem, setProblem] = useState<string | null>(null);
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const [method, setMethod] = useState<StorePaymentMethod>('card');
  const form = useRef<CardFormHandle>(null);
  const [formState, setFormState] = useState<CardFormState>(NO_CARD_YET);
  const lines = pricedLines(cart, store.data);
  const total = cartTotal(lines);
  const buyerReady = buyer.kind === 'family' ? studentId !== '' : guestLeadReady(guest);

  /**
   * The guest's lead first (a repeated sign-up registers nothing again, and names the same
   * lead): the purchase is linked to it. Null for a family; false if refused.
   */
  const guestLead = async (): Promise<string | null | false> => {
    if (buyer.kind === 'family') return null;
    const signed = await signUp({ schoolId, body: toSignup(guest) });
    if ('data' in signed && signed.data) return signed.data.lead_ids?.[0] ?? null;
    setProblem(readError(signed.error).message);
    return false;
  };

  /** A card's token from the hosted form; null for SPEI and cash. */
  const pay = async (card: CardToken | null) => {
    setProblem(null);
    const leadId = await guestLead();
    if (leadId === false) return;
    const answer = await buy({
      schoolId,
      idempotencyKey: key,
      purchase: {
        lines: lines.map(({ variant_id, quantity }) => ({ variant_id, quantity })),
        student_id: buyer.kind === 'family' ? studentId : null,
        buyer_email: buyer.kind === 'family' ? null : guest.email.trim(),
        lead_id: leadId,
        fiscal: buyer.kind === 'family' ? null : toGuestFiscal(guest),
        method,
        card: card && { token: card.token },
      },
    });
    if ('data' in answer && answer.data) {
      clear();
      return setPaymentId(answer.data.payment_id);
    }
    const error = readError(answer.error);
    setProblem(error.message);
    // A refusal is final for this key; a lost answer is retried with the same one.
    if (error.status !== null && error.status < 500) setKey(newIdempotencyKey());
  };

  if (paymentId)
    return (
      <Page title="Pago">
        <PurchaseProgress schoolId={schoolId} paymentId={paymentId} />
      </Page>
    );
  if (store.isLoading || settings.isLoading || buyer.kind === 'loading')
    return <Spinner label="Preparando el pago…" />;
  if (store.data && lines.length === 0)
    return (
      <Page title="Pago">
        <EmptyState title="Tu carrito está vacío" description="Agrega artículos desde la tienda." />
        <UtmLink to={storePath(schoolId)}>Ir a la tienda</UtmLink>
      </Page>
    );
  if (settings.error || !settings.data)
    return (
      <ErrorState
        message={readError(settings.error).message}
        onRetry={() => void settings.refetch()}
      />
    );
  const busy = formState.busy || result.isLoading || lead.isLoading;
  const byCard = method === 'card';
  return (
    <Page title="Pago">
      <p>
        <UtmLink to={storePath(schoolId, 'carrito')}>Volver al carrito</UtmLink>
      </p>
      <Card title="Forma de pago" focusTitle>
        {buyer.kind === 'family' ? (
          <StudentChooser students={buyer.students} value={studentId} onChange={setChosen} />
        ) : (
          <GuestLeadFields schoolId={schoolId} lead={guest} onChange={setGuest} />
        )}
        <PaymentMethodChoice
          value={method}
          disabled={busy}
          onChange={(next) => {
            // The card form is mounted afresh when chosen again: it reports its state anew.
            setFormState(NO_CARD_YET);
            setMethod(next);
          }}
        />
        {!byCard ? (
          <p>
            Al continuar te damos la referencia para pagar {formatMoney(total)}. Apartamos tus
            artículos hasta la fecha límite de pago.
          </p>
        ) : settings.data.kind === 'hosted_form' ? (
          <>
            <p>Escribe los datos de tu tarjeta. La escuela nunca ve el número de tu tarjeta.</p>
            <HostedCardForm
              ref={form}
              settings={settings.data}
              totalCentavos={total}
              onState={setFormState}
              onToken={(card) => void pay(card)}
            />
          </>
        ) : (
          <Notice tone="warning">
            <p>El pago con tarjeta de esta escuela aún no está disponible en la tienda.</p>
          </Notice>
        )}
        {(problem ?? formState.error) && (
          <Notice tone="error">
            <p role="alert">{problem ?? formState.error}</p>
          </Notice>
        )}
        <Button
          disabled={(byCard && !formState.valid) || !buyerReady || busy}
          onClick={() => (byCard ? form.current?.submit() : void pay(null))}
        >
          {busy
            ? 'Procesando…'
            : byCard
              ? `Pagar ${formatMoney(total)}`
              : 'Obtener referencia de pago'}
        </Button>
      </Card>
    </Page>
  );
}
