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

/**
 * billing, Adeudos' landing page (due-order-repository.ts): the name numbering's count, the
 * page by position, then order-repository.ts's openOrdersOfSchool for the page's students.
 */
const DUE_COUNT_SQL = `SELECT b.students FROM name_order_builds b
  LEFT JOIN name_order_changes c ON c.school_id = b.school_id
  WHERE b.school_id = $1 AND b.version >= COALESCE(c.version, 0)`;
const DUE_PAGE_SQL = `SELECT b.student_id, d.first_name, d.last_name, d.enrolment_code, d.level,
    d.section_id, b.open_orders, to_char(b.oldest_due_on, 'YYYY-MM-DD') AS oldest_due_on,
    CASE WHEN b.pending_centavos = 0 THEN 'PAID' WHEN b.oldest_due_on >= $2::date THEN 'PENDING'
      WHEN b.grace_ends_on >= $2::date THEN 'DUE' ELSE 'OUTSTANDING' END AS due_status
  FROM name_order_positions p
  JOIN student_balances b ON b.student_id = p.student_id AND b.school_id = p.school_id
  JOIN student_directory d ON d.student_id = b.student_id AND d.school_id = b.school_id
  WHERE p.school_id = $1 AND p.position > 0 AND p.position <= 25 ORDER BY p.position`;
const DUE_ORDERS_SQL = `SELECT o.*, c.name, c.concept_type, sd.first_name, sd.last_name,
    sd.enrolment_code, sd.level, sd.billing_guardian_id, sd.guardian_ids
  FROM orders o JOIN concepts c ON c.id = o.concept_id
  LEFT JOIN student_directory sd ON sd.student_id = o.student_id
  WHERE o.school_id = $1 AND o.student_id = ANY($2) AND o.total_centavos > o.paid_base_centavos
  ORDER BY o.due_on, c.name, o.id`;

/** Adeudos' page: its students with the base still owed of their open orders (no late fees). */
async function schoolDueOrders(pool: pg.Pool, identity: Identity, schoolId: string) {
  if (identity.kind !== 'staff' || !identity.memberships.some((m) => m.school_id === schoolId))
    return null;
  const today = new Date().toISOString().slice(0, 10);
  const { rows: built } = await pool.query<{ students: number }>(DUE_COUNT_SQL, [schoolId]);
  const page = await pool.query<{ student_id: string }>(DUE_PAGE_SQL, [schoolId, today]);
  const { rows: open } = await pool.query<{
    student_id: string;
    total_centavos: number;
    paid_base_centavos: number;
  }>(DUE_ORDERS_SQL, [schoolId, page.rows.map((s) => s.student_id)]);
  const owed = new Map<string, number>();
  for (const o of open)
    owed.set(o.student_id, (owed.get(o.student_id) ?? 0) + o.total_centavos - o.paid_base_centavos);
  return {
    count: built[0]?.students ?? 0,
    results: page.rows.map((s) => ({ ...s, pending_centavos: owed.get(s.student_id) ?? 0 })),
    page: 1,
    page_size: 25,
  };
}
READS['school-due-orders'] = schoolDueOrders;

/**
 * enrolment, the staff's students list (student-list-repository.ts before issue 16's answer
 * statement): the page's ids from the name index, those rows joined to their level and
 * group, and the count capped at 10,001 matches.
 */
const STUDENT_PAGE_SQL = `SELECT s.id, s.first_name, s.last_name, s.curp, s.enrolment_code,
    s.gender, s.status, s.billing_guardian_id, l.level, g.id AS section_id, g.name AS section_name
  FROM students s JOIN levels l ON l.id = s.level_id LEFT JOIN sections g ON g.id = s.section_id
  WHERE s.id IN (SELECT id FROM students WHERE school_id = $1
    ORDER BY last_name COLLATE "es-x-icu", first_name COLLATE "es-x-icu", id LIMIT 25 OFFSET 0)
  ORDER BY s.last_name COLLATE "es-x-icu", s.first_name COLLATE "es-x-icu", s.id`;
const STUDENT_COUNT_SQL = `SELECT count(*)::int AS n
  FROM (SELECT 1 FROM students WHERE school_id = $1 LIMIT 10001) AS matches`;

/** The students list's first page and its capped count, rows as they come. */
async function schoolStudents(pool: pg.Pool, identity: Identity, schoolId: string) {
  if (identity.kind !== 'staff' || !identity.memberships.some((m) => m.school_id === schoolId))
    return null;
  const [page, counted] = await Promise.all([
    pool.query(STUDENT_PAGE_SQL, [schoolId]),
    pool.query<{ n: number }>(STUDENT_COUNT_SQL, [schoolId]),
  ]);
  const n = counted.rows[0]?.n ?? 0;
  return {
    count: Math.min(n, 10_000),
    count_is_capped: n > 10_000,
    page: 1,
    page_size: 25,
    results: page.rows,
  };
}
READS['school-students'] = schoolStudents;
