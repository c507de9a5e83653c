import { AGING_BUCKET_LABELS, AGING_BUCKETS } from '@cuota/contracts/billing/delinquency';
import {
  CLOSE_DOCUMENT_LABELS,
  type MonthClose,
} from '@cuota/contracts/billing/month-close-report';
import { EDUCATION_LEVEL_LABELS } from '@cuota/contracts/enrolment/entities';
import { PAYMENT_METHOD_LABELS } from '@cuota/contracts/payments/payins';

/** A cell: words, a count, or money (centavos, written as pesos by each document). */
export type Cell = string | number | { centavos: number };
export interface CloseSection {
  title: string;
  columns: string[];
  rows: Cell[][];
  /** The last row is the section's total. */
  totalled: boolean;
}

const money = (centavos: number): Cell => ({ centavos });
const levelLabel = (level: MonthClose['billing']['billed'][number]['level']) =>
  level ? EDUCATION_LEVEL_LABELS[level] : 'Sin nivel';
const sum = <T>(rows: T[], pick: (r: T) => number) => rows.reduce((s, r) => s + pick(r), 0);

function billedSection({ billing }: MonthClose): CloseSection {
  const fields = [
    'amount_centavos',
    'scholarship_centavos',
    'discount_centavos',
    'surcharge_centavos',
    'total_centavos',
  ] as const;
  return {
    title: 'Facturado del mes (cargos con vencimiento en el mes)',
    columns: [
      'Concepto',
      'Nivel',
      'Cargos',
      'Importe',
      'Becas',
      'Descuentos',
      'Cargos adicionales',
      'Total',
    ],
    rows: [
      ...billing.billed.map((r) => [
        r.concept_name,
        levelLabel(r.level),
        r.orders,
        ...fields.map((f) => money(r[f])),
      ]),
      [
        'Total',
        '',
        sum(billing.billed, (r) => r.orders),
        ...fields.map((f) => money(sum(billing.billed, (r) => r[f]))),
      ],
    ],
    totalled: true,
  };
}

function collectedSection({ payments }: MonthClose): CloseSection {
  const m = payments.methods;
  const collected = sum(m, (r) => r.collected_centavos);
  const reversed = sum(m, (r) => r.reversed_centavos);
  return {
    title: 'Cobrado por método y devoluciones',
    columns: ['Método', 'Pagos', 'Cobrado', 'Devoluciones', 'Devuelto', 'Neto'],
    rows: [
      ...m.map((r) => [
        PAYMENT_METHOD_LABELS[r.method],
        r.payins,
        money(r.collected_centavos),
        r.reversals,
        money(r.reversed_centavos),
        money(r.collected_centavos - r.reversed_centavos),
      ]),
      [
        'Total',
        sum(m, (r) => r.payins),
        money(collected),
        sum(m, (r) => r.reversals),
        money(reversed),
        money(collected - reversed),
      ],
    ],
    totalled: true,
  };
}

/** The month's payins by what they paid; what paid no order (credit) closes the table. */
function collectedByConceptSection({ payments }: MonthClose): CloseSection {
  const collected = sum(payments.methods, (r) => r.collected_centavos);
  const toOrders = sum(payments.concepts, (r) => r.collected_centavos);
  return {
    title: 'Cobrado por concepto y nivel (pagos del mes)',
    columns: ['Concepto', 'Nivel', 'Cobrado'],
    rows: [
      ...payments.concepts.map((r) => [
        r.concept_name,
        levelLabel(r.level),
        money(r.collected_centavos),
      ]),
      ['Saldo a favor y otros sin concepto', '', money(collected - toOrders)],
      ['Total', '', money(collected)],
    ],
    totalled: true,
  };
}

/** Late fees are part of what was collected; shown apart, by what they were charged on. */
function appliedSection({ billing }: MonthClose): CloseSection {
  return {
    title: 'Recargos cobrados y descuentos por pronto pago (pagos aplicados en el mes)',
    columns: ['Concepto', 'Nivel', 'Recargos', 'Descuentos por pronto pago'],
    rows: [
      ...billing.applied.map((r) => [
        r.concept_name,
        levelLabel(r.level),
        money(r.late_fee_centavos),
        money(r.early_payment_discount_centavos),
      ]),
      [
        'Total',
        '',
        money(billing.late_fees_collected_centavos),
        money(billing.early_payment_discounts_centavos),
      ],
    ],
    totalled: true,
  };
}

function invoicedSection({ invoicing }: MonthClose): CloseSection {
  return {
    title: 'Facturas timbradas en el mes',
    columns: ['Documento', 'Timbrados', 'Importe', 'Cancelados desde entonces'],
    rows: invoicing.documents.map((d) => [
      CLOSE_DOCUMENT_LABELS[d.document],
      d.issued,
      money(d.total_centavos),
      d.canceled,
    ]),
    totalled: false,
  };
}

/** What the month's credit notes gave back, by what it had paid. */
function creditNotesSection({ invoicing }: MonthClose): CloseSection {
  const notes = invoicing.credit_notes;
  const credited = sum(notes, (r) => r.credited_centavos);
  const canceled = sum(notes, (r) => r.canceled_centavos);
  return {
    title: 'Notas de crédito por concepto y nivel (timbradas en el mes)',
    columns: ['Concepto', 'Nivel', 'Acreditado', 'Cancelado desde entonces', 'Neto'],
    rows: [
      ...notes.map((r) => [
        r.concept_name,
        levelLabel(r.level),
        money(r.credited_centavos),
        money(r.canceled_centavos),
        money(r.credited_centavos - r.canceled_centavos),
      ]),
      ['Total', '', money(credited), money(canceled), money(credited - canceled)],
    ],
    totalled: true,
  };
}

function owedSection({ billing, as_of }: MonthClose): CloseSection {
  const { owed } = billing;
  return {
    title: `Adeudo al cierre (${as_of}), sin recargos`,
    columns: ['Antigüedad', 'Adeudo'],
    rows: [
      ['Por vencer', money(owed.not_due)],
      ...AGING_BUCKETS.map((b) => [`Vencido ${AGING_BUCKET_LABELS[b]}`, money(owed[b])]),
      ['Total vencido', money(owed.total)],
      ['Total por cobrar', money(owed.total + owed.not_due)],
    ],
    totalled: true,
  };
}

/** The close's tables in reading order, the same for the workbook and the PDF. */
export const closeSections = (report: MonthClose): CloseSection[] => [
  billedSection(report),
  collectedSection(report),
  collectedByConceptSection(report),
  appliedSection(report),
  invoicedSection(report),
  creditNotesSection(report),
  owedSection(report),
];
