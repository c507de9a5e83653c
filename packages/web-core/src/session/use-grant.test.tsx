/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen } from '@testing-library/react';
import type { Permission } from '@cuota/contracts/access/permissions';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { guardianSession, staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { useGrant } from '@cuota/web-core/session/use-grant';

function Probe({ permission }: { permission: Permission }) {
  return <p>{useGrant(permission) ? 'sí' : 'no'}</p>;
}

const twoSchools = staffSession({
  schools: [
    { id: 'school-1', name: 'Colegio Montessori del Valle' },
    { id: 'school-2', name: 'Instituto Lomas' },
  ],
  memberships: [
    { school_id: 'school-1', role: 'OWNER' },
    // An explicit list replaces the role's defaults, as the BFF applies it.
    { school_id: 'school-2', role: 'OTHER', permissions: ['school.read', 'imports.write'] },
  ],
});

function answer(permission: Permission, options: Parameters<typeof renderWithProviders>[1]) {
  renderWithProviders(<Probe permission={permission} />, options);
  return screen.getByRole('paragraph').textContent;
}

const at = (selectedSchool: string | null) => ({
  url: '/dashboard',
  path: '/dashboard',
  session: twoSchools,
  globalState: { schools: [], selectedSchool, webview: false },
});

test("the role's defaults apply in the school being worked on (the first, unless picked)", () => {
  expect(answer('staff.write', at(null))).toBe('sí');
});

test('an explicit permission list replaces the role: granted and refused as listed', () => {
  expect(answer('imports.write', at('school-2'))).toBe('sí');
});

test('what the membership in the picked school lacks is refused', () => {
  expect(answer('students.read', at('school-2'))).toBe('no');
});

test.each([
  ['a guardian', guardianSession()],
  ['nobody', null],
])('%s holds no staff permission', (_who, session) => {
  expect(answer('school.read', { url: '/', path: '/', session })).toBe('no');
});
