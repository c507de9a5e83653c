// The reads the same-I/O baseline (same-io-express.ts) can answer: each is what one endpoint
// needs from PostgreSQL once the caller is known, as the owning service issues it. The SQL
// is the statements the services' repositories build (Drizzle selects every column of a
// whole-table select; the joins, filters and orders are theirs), written out so the
// baseline runs them on bare `pg` without the service's code.
import type pg from 'pg';
import { GUARDIAN_ME_SQL } from '../../services/enrolment/src/guardians/guardian-me-sql.ts';

export type Identity =
  | { kind: 'guardian'; guardian_id: string; school_ids: string[] }
  | { kind: 'staff'; user_id: string; memberships: { school_id: string }[] };

/** A read: the answer, or null when the caller may not see it (404 like the service). */
export type Read = (pool: pg.Pool, identity: Identity, id: string) => Promise<unknown>;

/** billing: student-access.ts's studentById, then order-repository.ts's ordersOfStudent. */
const STUDENT_SQL = `SELECT * FROM student_directory WHERE student_id = $1`;
const STUDENT_ORDERS_SQL = `SELECT o.*, c.name, c.concept_type, sd.first_name, sd.last_name,
    sd.billing_guardian_id, sd.guardian_ids
  FROM orders o JOIN concepts c ON c.id = o.concept_id
  LEFT JOIN student_directory sd ON sd.student_id = o.student_id
  WHERE o.student_id = $1 ORDER BY o.due_on, c.name, o.id`;

/**
 * payments: payin-repository.ts's listPayins (the page with its count) and the page's
 * lookups: allocations of the paid payins, planned items of the others (only when any).
 */
const PAYIN_PAGE_SQL = `SELECT *, count(*) OVER () AS total FROM payins WHERE school_id = $1
  ORDER BY created_at DESC, id DESC LIMIT 25 OFFSET 0`;
const PAYIN_ALLOCATIONS_SQL = `SELECT * FROM allocations WHERE payin_id = ANY($1) ORDER BY seq`;
const PAYIN_ITEMS_SQL = `SELECT * FROM payin_items WHERE payin_id = ANY($1)
  ORDER BY due_on, order_id`;

/**
 * invoicing: Facturas' list as it read at bdb7422 — invoicesOfSchool (the count and the page
 * without its XML, side by side), then the page's lookups: the related invoices' folios, what
 * live credit notes gave back of the stamped income invoices and what CFDI de pago paid of
 * the PPD ones (each only when any).
 */
const INVOICE_COUNT_SQL = `SELECT count(*)::int AS count FROM invoices WHERE school_id = $1`;
const INVOICE_PAGE_SQL = `SELECT id, school_id, document, related_invoice_id, replaces_invoice_id,
    part, fiscal_entity_id, source_kind, source_id, student_id, payer_guardian_id,
    billing_guardian_id, method, paid_at, lines, order_ids, total_centavos, installment,
    balance_before_centavos, carried_by_invoice_id, status, series, folio, receptor_rfc,
    receptor_name, receptor_note, guest_receptor, guest_email, issued_at, uuid, stamped_at,
    error_code, error_message, error_source, global_state, global_invoice_id,
    reduced_by_reversals, cancellation_note, credit_reason, attempts, next_attempt_at,
    lease_until, lease_token, created_at
  FROM invoices WHERE school_id = $1 ORDER BY created_at DESC, id DESC LIMIT 25 OFFSET 0`;
const INVOICE_FOLIOS_SQL = `SELECT id, series, folio FROM invoices
  WHERE id = ANY($1) AND folio IS NOT NULL`;
const INVOICE_CREDITED_SQL = `SELECT related_invoice_id AS id, sum(total_centavos)::bigint AS total
  FROM invoices WHERE document = 'credit_note' AND related_invoice_id = ANY($1)
    AND status <> 'canceled' GROUP BY related_invoice_id`;
const INVOICE_PPD_PAID_SQL = `SELECT related_invoice_id, total_centavos, installment FROM invoices p
  WHERE document = 'payment' AND related_invoice_id = ANY($1)
    AND status NOT IN ('canceled', 'canceling')
    AND NOT EXISTS (SELECT 1 FROM invoices s JOIN invoices m ON s.replaces_invoice_id = m.id
      WHERE coalesce(m.carried_by_invoice_id, m.id) = coalesce(p.carried_by_invoice_id, p.id)
        AND s.status <> 'canceled')
  ORDER BY related_invoice_id, installment`;

type ListedInvoice = {
  id: string;
  document: string;
  status: string;
  method: string | null;
  related_invoice_id: string | null;
};

/** The school's invoices page as the list read it, with the same lookups. */
async function schoolInvoices(pool: pg.Pool, schoolId: string) {
  const [counted, page] = await Promise.all([
    pool.query<{ count: number }>(INVOICE_COUNT_SQL, [schoolId]),
    pool.query<ListedInvoice>(INVOICE_PAGE_SQL, [schoolId]),
  ]);
  const stamped = page.rows.filter((r) => r.document === 'invoice' && r.status === 'success');
  const lookup = async (sql: string, of: string[]) =>
    of.length ? (await pool.query(sql, [of])).rows : [];
  const [folios, credited, paid] = await Promise.all([
    lookup(INVOICE_FOLIOS_SQL, [...new Set(page.rows.flatMap((r) => r.related_invoice_id ?? []))]),
    lookup(
      INVOICE_CREDITED_SQL,
      stamped.map((r) => r.id),
    ),
    lookup(
      INVOICE_PPD_PAID_SQL,
      stamped.filter((r) => r.method === null).map((r) => r.id),
    ),
  ]);
  const of = (rows: { id?: string; related_invoice_id?: string }[], id: string | null) =>
    rows.filter((r) => (r.id ?? r.related_invoice_id) === id);
  return {
    count: counted.rows[0]!.count,
    page: 1,
    page_size: 25,
    results: page.rows.map((r) => ({
      ...r,
      related: of(folios, r.related_invoice_id),
      credited: of(credited, r.id),
      paid: of(paid, r.id),
    })),
  };
}

export const READS: Record<string, Read> = {
  'guardian-me': async (pool, identity) => {
    if (identity.kind !== 'guardian') return null;
    const { rows } = await pool.query<{ me: unknown }>(GUARDIAN_ME_SQL, [identity.guardian_id]);
    return [{ result: { data: rows[0]?.me } }];
  },
  'student-orders': async (pool, identity, studentId) => {
    const { rows } = await pool.query<{ billing_guardian_id: string; guardian_ids: string[] }>(
      STUDENT_SQL,
      [studentId],
    );
    const student = rows[0];
    const family =
      identity.kind === 'guardian' &&
      (student?.billing_guardian_id === identity.guardian_id ||
        student?.guardian_ids?.includes(identity.guardian_id));
    if (!family) return null;
    return (await pool.query(STUDENT_ORDERS_SQL, [studentId])).rows;
  },
  'school-payins': async (pool, identity, schoolId) => {
    if (identity.kind !== 'staff' || !identity.memberships.some((m) => m.school_id === schoolId))
      return null;
    const page = await pool.query<{ id: string; status: string; total: string }>(PAYIN_PAGE_SQL, [
      schoolId,
    ]);
    const ids = (paid: boolean) =>
      page.rows.filter((p) => (p.status === 'success') === paid).map((p) => p.id);
    const lookup = async (sql: string, of: string[]) =>
      of.length ? (await pool.query<{ payin_id: string }>(sql, [of])).rows : [];
    const [allocated, items] = await Promise.all([
      lookup(PAYIN_ALLOCATIONS_SQL, ids(true)),
      lookup(PAYIN_ITEMS_SQL, ids(false)),
    ]);
    const of = (rows: { payin_id: string }[], id: string) => rows.filter((r) => r.payin_id === id);
    return {
      count: Number(page.rows[0]?.total ?? 0),
      page: 1,
      page_size: 25,
      results: page.rows.map((p) => ({
        ...p,
        allocations: of(allocated, p.id),
        items: of(items, p.id),
      })),
    };
  },
  'school-invoices': async (pool, identity, schoolId) => {
    if (identity.kind !== 'staff' || !identity.memberships.some((m) => m.school_id === schoolId))
      return null;
    return schoolInvoices(pool, schoolId);
  },
};
