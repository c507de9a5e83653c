import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Concept, ConceptType, Visibility } from '@cuota/contracts/billing/concepts';
import type { Executor } from '@cuota/messaging/transaction';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { concepts, orders } from '../schema';

/**
 * The only code that reads or writes `concepts`. No other domain keeps a copy (payments and
 * invoicing get a concept's name and type with each order: docs/adr/0029), so their writes
 * publish nothing.
 */
export type ConceptRow = typeof concepts.$inferSelect;
export type NewConcept = typeof concepts.$inferInsert;
export type ConceptChanges = Partial<
  Pick<
    ConceptRow,
    | 'name'
    | 'priceCentavos'
    | 'lateFee'
    | 'earlyPayment'
    | 'active'
    | 'visibility'
    | 'autoAssign'
    | 'cycleId'
  >
>;

export const UNKNOWN_CONCEPT = 'No encontramos este concepto.';

// Qualified by hand: in a select without joins Drizzle writes columns bare, and a bare "id"
// inside this subquery would be the order's own, counting nothing.
const ordersOf = sql<number>`(SELECT count(*)::int FROM ${orders} WHERE ${orders}.concept_id = ${concepts}.id)`;
const withOrders = { row: concepts, orders: ordersOf };

export const toConcept = ({
  row,
  orders: count,
}: {
  row: ConceptRow;
  orders: number;
}): Concept => ({
  id: row.id,
  school_id: row.schoolId,
  name: row.name,
  concept_type: row.conceptType,
  recurrence: row.recurrence,
  price_centavos: row.priceCentavos,
  level: row.level,
  periods: row.periods,
  due_day: row.dueDay,
  due_on: row.dueOn,
  late_fee: row.lateFee,
  early_payment: row.earlyPayment,
  active: row.active,
  cycle_id: row.cycleId,
  visibility: row.visibility,
  auto_assign: row.autoAssign,
  orders: count,
  created_at: row.createdAt.toISOString(),
});

export interface ConceptFilter {
  conceptType?: ConceptType;
  active?: boolean;
  /** One visibility; unset: every one but HIDDEN (ADR 0035: hidden from every list). */
  visibility?: Visibility;
  /** Billing's own checks (a batch's names) see hidden concepts too. */
  includeHidden?: boolean;
  /** A cycle's concepts; `null`: the root concepts (no cycle). */
  cycleId?: string | null;
}

const visibilityIs = (f: ConceptFilter) =>
  f.visibility
    ? eq(concepts.visibility, f.visibility)
    : f.includeHidden
      ? undefined
      : ne(concepts.visibility, 'HIDDEN');

const cycleIs = (cycleId: string | null | undefined) =>
  cycleId === undefined
    ? undefined
    : cycleId === null
      ? isNull(concepts.cycleId)
      : eq(concepts.cycleId, cycleId);

export async function conceptsOfSchool(db: Executor, schoolId: string, f: ConceptFilter = {}) {
  const rows = await db
    .select(withOrders)
    .from(concepts)
    .where(
      and(
        eq(concepts.schoolId, schoolId),
        f.conceptType ? eq(concepts.conceptType, f.conceptType) : undefined,
        f.active === undefined ? undefined : eq(concepts.active, f.active),
        visibilityIs(f),
        cycleIs(f.cycleId),
      ),
    )
    .orderBy(asc(concepts.createdAt), asc(concepts.id));
  return rows.map(toConcept);
}

/** A concept with its order count, or a 404. `lock` holds it while its orders are written. */
export async function conceptById(db: Executor, id: string, { lock = false } = {}) {
  const query = db.select(withOrders).from(concepts).where(eq(concepts.id, id));
  const [found] = lock ? await query.for('update', { of: concepts }) : await query;
  if (!found) throw notFound(UNKNOWN_CONCEPT);
  return found;
}

/**
 * The school's active auto-assigned concepts a student of this level is billed (its level's
 * and every level's), locked in id order so a run of the same concept waits for it.
 */
export async function autoAssignedConceptsOfLevel(
  tx: Executor,
  schoolId: string,
  level: string | null,
): Promise<ConceptRow[]> {
  return tx
    .select()
    .from(concepts)
    .where(
      and(
        eq(concepts.schoolId, schoolId),
        eq(concepts.autoAssign, true),
        eq(concepts.active, true),
        level === null
          ? isNull(concepts.level)
          : sql`(${concepts.level} IS NULL OR ${concepts.level} = ${level})`,
      ),
    )
    .orderBy(asc(concepts.id))
    .for('update');
}

export async function insertConcept(tx: Executor, values: NewConcept) {
  // The clock, not the transaction's start: a batch's concepts list in the order sent.
  const [row] = await tx
    .insert(concepts)
    .values({ ...values, createdAt: sql`clock_timestamp()` })
    .returning();
  return toConcept({ row: row!, orders: 0 });
}

/**
 * How many concepts of a cycle have orders: enrolment asks before changing a cycle billing
 * already charges against (`billing.cycle.has_assigned_concepts`).
 */
export async function conceptsOfCycleWithOrders(db: Executor, schoolId: string, cycleId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(concepts)
    .where(
      and(
        eq(concepts.schoolId, schoolId),
        eq(concepts.cycleId, cycleId),
        sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders}.concept_id = ${concepts}.id)`,
      ),
    );
  return row!.n;
}

export async function saveConcept(tx: Executor, id: string, changes: ConceptChanges) {
  await tx.update(concepts).set(changes).where(eq(concepts.id, id));
  return toConcept(await conceptById(tx, id));
}

export async function deleteConceptRow(tx: Executor, id: string): Promise<void> {
  await tx.delete(concepts).where(eq(concepts.id, id));
}
