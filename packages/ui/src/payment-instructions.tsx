import { useState } from 'react';
import styled from 'styled-components';
import type { PaymentInstructions } from '@cuota/contracts/payments/preferences';
import { Button } from './button';
import { InstantText } from './date-text';
import { MoneyText } from './money-text';
import { Notice } from './notice';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(8rem, max-content) 1fr;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  margin: ${({ theme }) => `${theme.space(3)} 0`};
  dt {
    align-self: center;
    color: ${({ theme }) => theme.colors.mutedText};
  }
  dd {
    margin: 0;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
  }
  @media (max-width: 480px) {
    grid-template-columns: 1fr;
    dd {
      margin-bottom: ${({ theme }) => theme.space(2)};
    }
  }
`;

// On paper the buttons mean nothing: the voucher prints the facts alone.
const Instructions = styled.section`
  @media print {
    button {
      display: none;
    }
  }
`;

const Code = styled.strong`
  font-family: ui-monospace, monospace;
  font-size: 1.15rem;
  letter-spacing: 0.05em;
  word-break: break-all;
`;

/** 646180123456789012 → «646 180 1234567890 12», as banks print a CLABE to be read aloud. */
const groupedClabe = (clabe: string) =>
  `${clabe.slice(0, 3)} ${clabe.slice(3, 6)} ${clabe.slice(6, 17)} ${clabe.slice(17)}`;

/** A value the family copies into its bank's app: the button says when it was copied. */
function Copyable({ label, value, shown }: { label: string; value: string; shown?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard?.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <dd>
      <Code>{shown ?? value}</Code>
      <Button variant="secondary" onClick={copy} aria-label={`Copiar ${label}`}>
        {copied ? 'Copiado' : 'Copiar'}
      </Button>
    </dd>
  );
}

const TITLE = {
  transfer: 'Paga por transferencia (SPEI)',
  cash: 'Paga en efectivo en tienda',
} as const;

const AFTER_PAYMENT =
  'Tu pago se aplica solo en cuanto llega y lo verás en tu historial de pagos. Un monto distinto o una referencia vencida no se aplican.';

/**
 * How to pay a SPEI reference or a cash voucher (ADR 0089): the exact amount, where to send it
 * and the reference that names the payment, until when, and a print button for the voucher.
 * The portal's Pagos page and the store's checkout (ADR 0106) both show it; each may say in
 * its own words what happens once paid.
 */
export function PaymentInstructionsCard({
  instructions,
  afterPayment = AFTER_PAYMENT,
}: {
  instructions: PaymentInstructions;
  afterPayment?: string;
}) {
  const { method, clabe, bank, reference, amount_centavos, expires_at, status } = instructions;
  return (
    <Instructions aria-label={TITLE[method]}>
      <h2>{TITLE[method]}</h2>
      {status === 'success' && <Notice tone="success">Recibimos tu pago. ¡Gracias!</Notice>}
      {status === 'failed' && (
        <Notice tone="warning">Esta referencia venció sin pagarse. Genera una nueva.</Notice>
      )}
      <p>
        {method === 'transfer'
          ? 'Desde la app o el portal de tu banco, transfiere por SPEI exactamente este monto a esta CLABE y escribe la referencia en el concepto o referencia numérica.'
          : 'Ve a una tienda de conveniencia (OXXO, 7-Eleven y otras), di que vas a pagar un servicio con referencia y paga exactamente este monto en efectivo.'}
      </p>
      <Facts>
        <dt>Monto exacto</dt>
        <dd>
          <Code>
            <MoneyText centavos={amount_centavos} />
          </Code>
        </dd>
        {clabe && (
          <>
            <dt>CLABE</dt>
            <Copyable label="CLABE" value={clabe} shown={groupedClabe(clabe)} />
            <dt>Banco</dt>
            <dd>{bank ?? 'Otro banco'}</dd>
          </>
        )}
        <dt>Referencia</dt>
        <Copyable label="referencia" value={reference} />
        <dt>Paga antes del</dt>
        <dd>
          <InstantText instant={expires_at} />
        </dd>
      </Facts>
      <p>{afterPayment}</p>
      <Button variant="secondary" onClick={() => window.print()}>
        Imprimir instrucciones
      </Button>
    </Instructions>
  );
}
