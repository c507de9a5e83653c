import type { IdentityClaims } from '../identity/identity-claims';
import { decideAccess, platformOperator, staffOnly } from '@cuota/contracts/access/access';

const owner: IdentityClaims = {
  kind: 'staff',
  user_id: 'u1',
  memberships: [{ school_id: 's1', role: 'OWNER' }],
};
const operator: IdentityClaims = { ...owner, memberships: [], platform_operator: true };

test('only the platform_operator claim opens operator rows; no school role does', () => {
  expect(decideAccess(platformOperator(), operator)).toEqual({ ok: true });
  expect(decideAccess(platformOperator(), operator, 's9')).toEqual({ ok: true });
  expect(decideAccess(platformOperator(), owner, 's1')).toEqual({
    ok: false,
    status: 403,
    reason: 'kind',
  });
  expect(
    decideAccess(platformOperator(), { kind: 'guardian', guardian_id: 'g', school_ids: [] }),
  ).toMatchObject({ ok: false, status: 403 });
});

test('the claim grants nothing at a school’s own rows', () => {
  expect(decideAccess(staffOnly('payments.read'), operator, 's1')).toEqual({
    ok: false,
    status: 404,
  });
});
