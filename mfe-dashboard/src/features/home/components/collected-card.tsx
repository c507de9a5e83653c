import type { Collections } from '@cuota/contracts/payments/figures';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@cuota/contracts/payments/payins';
import { DataTable } from '@cuota/ui/data-table';
import { MoneyText } from '@cuota/ui/money-text';
import {
  useHomeCollectionsQuery,
  useHomeCollectionsWithin,
  useHomeCyclesQuery,
} from '../api/home-api';
import { monthStart } from '@cuota/contracts/common/months';
import { cycleSoFar } from '../home-dates';
import { Figures, FigureCard } from './figure-card';

const SPANS = ['today', 'month', 'cycle'] as const;
type Span = (typeof SPANS)[number];
const SPAN_LABELS: Record<Span, string> = { today: 'Hoy', month: 'Este mes', cycle: 'Este ciclo' };

type Spans = Record<Span, Collections>;
const netOf = (c: Collections, method: PaymentMethod) =>
  c.by_method.find((m) => m.method === method)?.net_centavos ?? 0;

/** Collected (net of refunds) today, this month and this cycle, and how, by method. */
export function CollectedCard({ schoolId, today }: { schoolId: string; today: string }) {
  const cycles = useHomeCyclesQuery(schoolId);
  const active = cycles.data?.find((c) => c.status === 'active');
  const cycle = cycleSoFar(today, active?.starts_on);
  const month = { schoolId, from: monthStart(today), to: today };
  const spans = {
    // Today is this month's last day so far: read with the month, not on its own.
    today: useHomeCollectionsWithin(month, { from: today, to: today }),
    month: useHomeCollectionsQuery(month),
    // Waits for the cycle's start, so the cycle is asked once (not a year, then the cycle).
    cycle: useHomeCollectionsQuery({ schoolId, ...cycle }, { skip: cycles.isLoading }),
  };
  const loaded = SPANS.every((s) => spans[s].data);
  const query = {
    data: loaded ? (Object.fromEntries(SPANS.map((s) => [s, spans[s].data])) as Spans) : undefined,
    error: SPANS.map((s) => spans[s].error).find(Boolean),
    refetch: () => SPANS.forEach((s) => void spans[s].refetch()),
  };
  return (
    <FigureCard title="Cobrado" query={query} wide>
      {(data) => <CollectedFigures spans={data} />}
    </FigureCard>
  );
}

export function CollectedFigures({ spans }: { spans: Spans }) {
  const methods = [
    ...new Set(SPANS.flatMap((s) => spans[s].by_method.map((m) => m.method))),
  ] as PaymentMethod[];
  return (
    <>
      <Figures>
        {SPANS.map((s) => (
          <div key={s}>
            <dt>{SPAN_LABELS[s]}</dt>
            <dd>
              <MoneyText centavos={spans[s].total.net_centavos} />
            </dd>
          </div>
        ))}
      </Figures>
      <DataTable<PaymentMethod>
        caption="Cobrado por método (descontados los reembolsos)"
        rows={methods}
        rowKey={(m) => m}
        empty={<p>Aún no hay cobros este ciclo.</p>}
        columns={[
          { header: 'Método', cell: (m) => PAYMENT_METHOD_LABELS[m] },
          ...SPANS.map((s) => ({
            header: SPAN_LABELS[s],
            align: 'end' as const,
            cell: (m: PaymentMethod) => <MoneyText centavos={netOf(spans[s], m)} />,
          })),
        ]}
      />
    </>
  );
}
