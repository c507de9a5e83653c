import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import type { Executor } from '@cuota/messaging/transaction';
import { fiscalEntities } from '../schema';

/** The only code that touches `fiscal_entities`: the school's razones sociales and sealed CSD. */
export type FiscalEntityRow = typeof fiscalEntities.$inferSelect;
export type FiscalEntityValues = Omit<
  FiscalEntityRow,
  'id' | 'nextFolio' | 'updatedAt' | 'createdAt' | 'invoiceTiming' | 'publicoEnGeneral'
> &
  Partial<Pick<FiscalEntityRow, 'invoiceTiming' | 'publicoEnGeneral'>>;

/**
 * Creates the school's entity of this RFC, or replaces its data and CSD (a renewed CSD); the
 * folio counter is never moved back.
 */
export async function saveFiscalEntityRow(
  tx: Executor,
  values: FiscalEntityValues,
): Promise<FiscalEntityRow> {
  const { schoolId: _school, rfc: _rfc, ...changes } = values;
  const [row] = await tx
    .insert(fiscalEntities)
    .values(values)
    .onConflictDoUpdate({
      target: [fiscalEntities.schoolId, fiscalEntities.rfc],
      set: { ...changes, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

/** The school's entities, the first registered first. */
export function fiscalEntitiesOf(db: Executor, schoolId: string): Promise<FiscalEntityRow[]> {
  return db
    .select()
    .from(fiscalEntities)
    .where(eq(fiscalEntities.schoolId, schoolId))
    .orderBy(asc(fiscalEntities.createdAt), asc(fiscalEntities.id));
}

/** The school's first entity (its time zone, its CSD when an invoice names none). */
export async function fiscalEntityOf(
  db: Executor,
  schoolId: string,
): Promise<FiscalEntityRow | undefined> {
  return (await fiscalEntitiesOf(db, schoolId))[0];
}

export async function fiscalEntityById(
  db: Executor,
  id: string,
): Promise<FiscalEntityRow | undefined> {
  const [row] = await db.select().from(fiscalEntities).where(eq(fiscalEntities.id, id));
  return row;
}

/**
 * Who invoices a student of this level: the entity that names the level, else one that
 * names none (it takes every other level), else the school's first. A store guest's sale has
 * no level: one that names none, else the first.
 */
export async function issuingEntityOf(
  db: Executor,
  schoolId: string,
  level: EducationLevel | undefined,
): Promise<FiscalEntityRow | undefined> {
  const all = await fiscalEntitiesOf(db, schoolId);
  return (
    all.find((e) => level && e.levels.includes(level)) ??
    all.find((e) => !e.levels.length) ??
    all[0]
  );
}

/** Another entity of the school already using this series (invoices are unique by it). */
export async function seriesTakenBy(
  db: Executor,
  schoolId: string,
  series: string,
  rfc: string,
): Promise<FiscalEntityRow | undefined> {
  const [row] = await db
    .select()
    .from(fiscalEntities)
    .where(
      and(
        eq(fiscalEntities.schoolId, schoolId),
        eq(fiscalEntities.series, series),
        ne(fiscalEntities.rfc, rfc),
      ),
    );
  return row;
}

/** The entity's next folio, taken for good (a row lock serialises its invoices). */
export async function takeFolio(
  tx: Executor,
  entityId: string,
): Promise<{ series: string; folio: string } | undefined> {
  const [row] = await tx
    .update(fiscalEntities)
    .set({ nextFolio: sql`${fiscalEntities.nextFolio} + 1` })
    .where(eq(fiscalEntities.id, entityId))
    .returning({ series: fiscalEntities.series, next: fiscalEntities.nextFolio });
  return row && { series: row.series, folio: String(row.next - 1) };
}
