import {
  GUARDIAN_HASH,
  guardianSession,
  staffSession,
} from '@cuota/web-core/test-support/session-fixtures';
import { homeFor } from './home-for';

test("a family's home is its portal, staff's the dashboard, anyone else's the public page", () => {
  expect(homeFor(guardianSession().user)).toEqual({
    to: `/guardians/${GUARDIAN_HASH}`,
    label: 'Ir a tu portal',
  });
  expect(homeFor(staffSession().user)).toEqual({ to: '/dashboard', label: 'Ir al panel escolar' });
  expect(homeFor(null)).toEqual({ to: '/', label: 'Ir al inicio' });
});
