import { grants, type MembershipGrant } from '@cuota/contracts/access/permissions';
import { lastMonth, monthStart, sameDaysMonthsBefore } from '@cuota/contracts/common/months';
import { INICIO_READ_PATHS as PATHS } from '@cuota/contracts/http/inicio-read-paths';
import { fillPath } from '@cuota/contracts/http/route-path';

const INICIO = /^\/dashboard\/?$/;

/** Whether a dashboard URL's path is Inicio's. */
export const isInicio = (pathname: string) => INICIO.test(pathname);

/**
 * What Inicio's cards read first for a member of `schoolId` on `today` (Mexico City), as the
 * URLs their queries request: the shell starts them while the dashboard's code loads (ADR
 * 0060's reads ahead, for the staff's first screen; issue 16), and the BFF names them as
 * preloads in the page of a one-school member (ADR 0109). Written out so the shell's first
 * chunk stays free of the endpoints' schemas; the dashboard's tests check Inicio requests
 * exactly these for each role. The cycle's collections wait for the cycle: not here.
 */
export function inicioReads(schoolId: string, member: MembershipGrant, today: string): string[] {
  const may = (permission: Parameters<typeof grants>[1]) => grants(member, permission);
  const path = (template: string) => fillPath(template, { id: schoolId });
  const collections = ({ from, to }: { from: string; to: string }) =>
    `${path(PATHS.collections)}?from=${from}&to=${to}`;
  const todo = [
    ...(may('invoicing.read') ? [path(PATHS.invoicingTodo)] : []),
    ...(may('payments.read') ? [path(PATHS.paymentsTodo)] : []),
  ];
  if (may('reports.read'))
    // The daily chart's two months first, then the cycles the cycle's collections wait for:
    // Chromium sends six at a time to one host (ADR 0097). Today and the same days of last
    // month are taken from those two months, not read on their own.
    return [
      collections({ from: monthStart(today), to: today }),
      collections(lastMonth(today)),
      path(PATHS.cycles),
      ...todo,
      collections(sameDaysMonthsBefore(today, 12)),
      `${path(PATHS.billingFigures)}?month=${today.slice(0, 7)}`,
      path(PATHS.delinquency),
    ];
  return [
    ...todo,
    ...(may('students.read') ? [path(PATHS.studentLevels)] : []),
    ...(may('admissions.read')
      ? ['lead', 'new_student', 'active'].map(
          (status) => `${path(PATHS.inscriptions)}?status=${status}&page_size=1`,
        )
      : []),
  ];
}
