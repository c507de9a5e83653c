import { CAPABILITY_ROWS } from './capability-routes';
import { ENROLMENT_ROUTE_GRANTS, routeGrant } from './route-permissions';
import { ROUTE_ROWS } from './routes';

const STAFF_SURFACES = ['dashboard', 'internal', 'bookkeeper'];
const SERVED = ['enrolment', 'billing', 'payments', 'invoicing'];
const staffRows = [...ROUTE_ROWS, ...CAPABILITY_ROWS].filter(
  ([, , surface, domain]) => STAFF_SURFACES.includes(surface) && SERVED.includes(domain),
);
const grantOf = (method: string, path: string) => {
  const row = staffRows.find(([m, p]) => m === method && p === path)!;
  return routeGrant({ method: row[0], path: row[1], domain: row[3] });
};

describe('the permission of every staff row', () => {
  test.each(staffRows.map(([m, p, , d]) => [`${m} ${p}`, m, p, d] as const))(
    '%s is classified (add it to bff/src/proxy/route-permissions.ts)',
    (_, method, path, domain) => {
      expect(routeGrant({ method, path, domain })).toEqual(expect.any(String));
    },
  );

  test('the enrolment table names only rows that exist', () => {
    const known = new Set(staffRows.map(([m, p]) => `${m} ${p}`));
    expect(Object.keys(ENROLMENT_ROUTE_GRANTS).filter((key) => !known.has(key))).toEqual([]);
  });

  test('money, reports and invoices by what they do', () => {
    expect(grantOf('POST', '/api/v1/dashboard/schools/{id}/refund/')).toBe('payments.refund');
    expect(grantOf('POST', '/backoffice/payouts/{id}/execute/')).toBe('payments.refund');
    expect(grantOf('GET', '/api/v1/dashboard/schools/{id}/payouts/')).toBe('payouts.read');
    expect(grantOf('GET', '/api/v1/dashboard/schools/{id}/payins/')).toBe('payments.read');
    expect(grantOf('GET', '/api/v1/dashboard/schools/{id}/delinquency/')).toBe('reports.read');
    expect(grantOf('POST', '/api/v1/dashboard/schools/{id}/massive_assignments/')).toBe(
      'billing.write',
    );
    expect(grantOf('PATCH', '/book-keeper/orders/{id}/')).toBe('billing.write');
    expect(grantOf('GET', '/book-keeper/orders/{id}/')).toBe('billing.read');
    expect(grantOf('POST', '/backoffice/invoicing/cancel/')).toBe('invoicing.write');
    expect(grantOf('GET', '/api/v1/dashboard/schools/{id}/invoices/')).toBe('invoicing.read');
    expect(grantOf('GET', '/api/v1/dashboard/schools/{id}/admins/')).toBe('staff.read');
    expect(grantOf('GET', '/api/v1/dashboard/schools/{id}/admins/me/')).toBe('member');
  });

  test('portal and store rows carry no staff permission', () => {
    expect(routeGrant({ method: 'GET', path: '/api/v1/guardians/me/', domain: 'enrolment' })).toBe(
      undefined,
    );
  });
});
