// Issue 20 measures the portal's Pagos with 40 open orders; the demo family has fewer (its
// months are billed through this one). The school bills the next months ahead, through the
// real bill-run endpoint, as a school that bills the cycle up front would, until the family
// holds `target` open orders (months already run are skipped, as the preview shows them); afterwards the runs are deleted through the same endpoint, so the
// other scenarios (and the next bench) read the demo school as seeded.

import { csrfTokenFor } from './staff-session.ts';

interface Concept {
  id: string;
  concept_type: string;
  periods?: string[];
}

interface BillRun {
  id: string;
  status: string;
  created_orders: number;
}

const BILL_RUNS = '/book-keeper/massive_concept_assignments/';

const json = async <T>(response: Response, what: string): Promise<T> => {
  if (!response.ok) throw new Error(`${what} → ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/** Whether a run of this concept and month may start: none stands for it (ADR 0054). */
async function mayBill(
  base: string,
  staff: string,
  schoolId: string,
  conceptId: string,
  period: string,
) {
  const url = new URL(`/api/v1/dashboard/schools/${schoolId}/bill_run_preview/`, base);
  url.search = new URLSearchParams({ concept_id: conceptId, period }).toString();
  const preview = await json<{ standing_run: unknown; students: number }>(
    await fetch(url, { headers: { cookie: staff } }),
    'bill run preview',
  );
  return preview.standing_run === null && preview.students > 0;
}

/** One bill run, waited for whether the endpoint answers it done or as a job still running. */
async function billPeriod(base: string, staff: string, csrf: string, body: object) {
  const path = BILL_RUNS;
  const headers = { cookie: staff, 'content-type': 'application/json', 'x-csrf-token': csrf };
  let run = await json<BillRun>(
    await fetch(new URL(path, base), { method: 'POST', headers, body: JSON.stringify(body) }),
    'bill run',
  );
  for (let polls = 0; run.status === 'PENDING' && polls < 300; polls++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    run = await json<BillRun>(
      await fetch(new URL(`${path}${run.id}/`, base), { headers: { cookie: staff } }),
      'bill run status',
    );
  }
  if (run.status === 'PENDING') throw new Error(`bill run ${run.id} still running after 30 s`);
  return run;
}

export interface BilledAhead {
  openOrders: number;
  /** The runs that billed something: undone by `undoBillRuns`. */
  runs: string[];
}

export async function billAheadForFamily(
  base: string,
  cookies: { staff: string; family: string },
  schoolId: string,
  target: number,
): Promise<BilledAhead> {
  const openOrders = async () =>
    (
      await json<unknown[]>(
        await fetch(new URL(`/api/v1/schools/${schoolId}/fulfillments/`, base), {
          headers: { cookie: cookies.family },
        }),
        'family orders',
      )
    ).length;
  const concepts = await json<Concept[]>(
    await fetch(new URL(`/api/v1/dashboard/schools/${schoolId}/concepts/`, base), {
      headers: { cookie: cookies.staff },
    }),
    'concepts',
  );
  // Tuition only: optional concepts (the cafeteria) are billed to those who subscribe.
  const monthly = concepts.filter((c) => c.concept_type === 'MONTHLY_FEE' && c.periods?.length);
  const periods = [...new Set(monthly.flatMap((c) => c.periods!))].sort();
  const csrf = await csrfTokenFor(base, cookies.staff);
  const runs: string[] = [];
  let open = await openOrders();
  for (const period of periods) {
    if (open >= target) break;
    for (const concept of monthly.filter((c) => c.periods!.includes(period))) {
      if (!(await mayBill(base, cookies.staff, schoolId, concept.id, period))) continue;
      const run = await billPeriod(base, cookies.staff, csrf, {
        school_id: schoolId,
        concept_id: concept.id,
        period,
      });
      if (run.created_orders > 0) runs.push(run.id);
    }
    open = await openOrders();
  }
  return { openOrders: open, runs };
}

/** Deletes the runs billed ahead: their orders are unpaid, so every one of them goes. */
export async function undoBillRuns(base: string, staff: string, runs: string[]): Promise<void> {
  const headers = { cookie: staff, 'x-csrf-token': await csrfTokenFor(base, staff) };
  for (const id of runs)
    await json(
      await fetch(new URL(`${BILL_RUNS}${id}/`, base), { method: 'DELETE', headers }),
      `undo bill run ${id}`,
    );
}
