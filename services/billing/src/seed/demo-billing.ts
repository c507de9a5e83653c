import type { CreateConceptInput, LateFee } from '@cuota/contracts/billing/concepts';
import { EDUCATION_LEVEL_LABELS, type EducationLevel } from '@cuota/contracts/enrolment/entities';
import type { BillingDb } from '../billing-db';
import { startBillRun } from '../bill-runs/bill-run-job';
import { createConcept } from '../concepts/create-concept';
import { conceptsOfSchool } from '../concepts/concept-repository';
import { activeLevelsOfSchool } from '@cuota/student-directory/student-directory-repository';
import { SUBSCRIBABLE_CONCEPT_TYPES } from '@cuota/contracts/billing/subscriptions';

/** The demo cycle's months: August to June. */
export const DEMO_PERIODS = [
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
  '2026-12',
  '2027-01',
  '2027-02',
  '2027-03',
  '2027-04',
  '2027-05',
  '2027-06',
];

const MONTHLY_PRICE: Record<EducationLevel, number> = {
  'pre-school': 380_000,
  elementary: 485_000,
  middle: 520_000,
  'middle-high': 560_000,
  high: 600_000,
};
const LATE_FEE: LateFee = {
  kind: 'PERCENT',
  basis_points: 300,
  grace_days: 5,
  cap_centavos: 45_000,
};

function demoConcepts(schoolId: string, levels: EducationLevel[]): CreateConceptInput[] {
  return [
    {
      school_id: schoolId,
      name: 'Inscripción 2026-2027',
      concept_type: 'INSCRIPTION',
      recurrence: 'SINGLE',
      price_centavos: 350_000,
      level: null,
      late_fee: null,
      early_payment: null,
      due_on: '2026-08-15',
    },
    ...levels.map((level): CreateConceptInput => ({
      school_id: schoolId,
      name: `Colegiatura ${EDUCATION_LEVEL_LABELS[level]}`,
      concept_type: 'MONTHLY_FEE',
      recurrence: 'MONTHLY',
      price_centavos: MONTHLY_PRICE[level],
      level,
      late_fee: LATE_FEE,
      early_payment: null,
      periods: DEMO_PERIODS,
      due_day: 10,
    })),
    // Not tuition: invoiced with IVA (the price includes it).
    {
      school_id: schoolId,
      name: 'Uniforme deportivo',
      concept_type: 'UNIFORMS_AND_MERCH',
      recurrence: 'SINGLE',
      price_centavos: 65_000,
      level: null,
      late_fee: null,
      early_payment: null,
      due_on: '2026-12-10',
    },
    // Optional: only the families who subscribe in the portal pay it (ADR 0035).
    {
      school_id: schoolId,
      name: 'Comedor',
      concept_type: 'CAFETERIA',
      recurrence: 'MONTHLY',
      price_centavos: 150_000,
      level: null,
      late_fee: null,
      early_payment: null,
      periods: DEMO_PERIODS,
      due_day: 10,
    },
  ];
}

const isOptional = (input: CreateConceptInput) =>
  (SUBSCRIBABLE_CONCEPT_TYPES as readonly string[]).includes(input.concept_type);

/**
 * The demo school's money (once): an inscription, a monthly fee per level its students are
 * in and a uniform, billed through the month of `today` — so the earlier months are overdue
 * on the portal and the dashboard — and an optional cafeteria families may subscribe to,
 * billed to no one. Written through the same use cases as the endpoints.
 */
export async function seedDemoBilling(db: BillingDb, schoolId: string, today: string) {
  if ((await conceptsOfSchool(db, schoolId)).length > 0) return { concepts: 0, orders: 0 };
  const levels = await activeLevelsOfSchool(db, schoolId);
  let orders = 0;
  for (const input of demoConcepts(schoolId, levels)) {
    const concept = await db.transaction((tx) => createConcept(tx, input));
    if (isOptional(input)) continue;
    const periods =
      concept.recurrence === 'MONTHLY'
        ? concept.periods.filter((p) => p <= today.slice(0, 7))
        : [undefined];
    for (const period of periods) {
      const run = await db.transaction((tx) =>
        startBillRun(tx, { school_id: schoolId, concept_id: concept.id, period }, null, {
          inline: true,
        }),
      );
      orders += run.created_orders;
    }
  }
  return { concepts: levels.length + 3, orders };
}
