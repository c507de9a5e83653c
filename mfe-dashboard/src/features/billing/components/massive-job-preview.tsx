import type { BulkJob } from '@cuota/contracts/billing/bulk-jobs';
import { Card } from '@cuota/ui/card';
import { MoneyText } from '@cuota/ui/money-text';
import { EMPTY_GRANT, type GrantValue } from '../../../components/grant-value-fields';
import { basisPointsOf } from '../../../components/percent';

/** What this page starts: bill runs are started from «Generar órdenes». */
export type Kind = Exclude<BulkJob['kind'], 'bill_run'>;

/** What the operator asked for, before it is confirmed. */
export interface Draft {
  kind: Kind;
  conceptId: string;
  period: string;
  percent: string;
  /** A massive discount's kind and value (ADR 0088). */
  discount: GrantValue;
  reason: string;
  studentIds: string[];
}

export const EMPTY: Draft = {
  kind: 'assignment',
  conceptId: '',
  period: '',
  percent: '',
  discount: EMPTY_GRANT,
  reason: '',
  studentIds: [],
};

/** Basis points of a percentage typed with up to two decimals, or null. */
export const basisPoints = (percent: string) => {
  const bp = basisPointsOf(percent);
  return bp > 0 && bp <= 10_000 ? bp : null;
};

/** What a massive discount takes off one order at the concept's price (ADR 0035 step 3). */
function discountOn(price: number, d: GrantValue) {
  if (d.kind === 'PERCENT') return Math.round((price * (basisPoints(d.percent) ?? 0)) / 10_000);
  const amount = d.amount_centavos ?? 0;
  return d.kind === 'AMOUNT' ? amount : price - amount;
}

/** What one student's order moves by, at the concept's price. */
function eachOf(draft: Draft, price: number) {
  if (draft.kind === 'discount') return discountOn(price, draft.discount);
  const bp = basisPoints(draft.percent) ?? 0;
  return draft.kind === 'scholarship' ? Math.round((price * bp) / 10_000) : price;
}

/** The preview: how many students, and how much money the job moves (per month for a scholarship). */
export function Preview({ draft, price }: { draft: Draft; price: number }) {
  const n = draft.studentIds.length;
  const each = eachOf(draft, price);
  const what = {
    assignment: 'Total a cobrar',
    disassignment: 'Total a cancelar (como máximo)',
    scholarship: 'Beca total por mes',
    discount: 'Descuento total (como máximo)',
  }[draft.kind];
  return (
    <Card title="Vista previa" aria-label="Vista previa">
      <dl>
        <dt>Alumnos</dt>
        <dd>{n}</dd>
        <dt>{what}</dt>
        <dd>
          <MoneyText centavos={n * each} />
        </dd>
      </dl>
    </Card>
  );
}
