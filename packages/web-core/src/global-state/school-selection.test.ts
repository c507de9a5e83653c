import { resolveSchoolSelection } from '@cuota/web-core/global-state/school-selection';

const valle = { id: 'valle', name: 'Colegio del Valle' };
const norte = { id: 'norte', name: 'Instituto del Norte' };
const holding = { id: 'holding', name: 'Escuela restringida' };

test('a high-risk user sees every school and is held to the fixed school', () => {
  expect(
    resolveSchoolSelection({
      schools: [valle, holding, norte],
      fraudStatus: 'high_risk',
      fraudSchoolId: 'holding',
      current: 'valle',
    }),
  ).toEqual({ schools: [valle, holding, norte], selectedSchool: 'holding' });
});

test('other users do not see the fixed school', () => {
  expect(
    resolveSchoolSelection({
      schools: [holding, valle, norte],
      fraudStatus: 'medium_risk',
      fraudSchoolId: 'holding',
      current: null,
    }),
  ).toEqual({ schools: [valle, norte], selectedSchool: 'valle' });
});

test('the current school is kept while it is still in the list', () => {
  const input = { schools: [valle, norte], fraudStatus: 'no_risk' as const, fraudSchoolId: null };
  expect(resolveSchoolSelection({ ...input, current: 'norte' }).selectedSchool).toBe('norte');
});

test('a current school no longer offered gives way to the first one, or to none', () => {
  const input = { fraudStatus: 'no_risk' as const, fraudSchoolId: 'holding', current: 'holding' };
  expect(resolveSchoolSelection({ ...input, schools: [norte, valle] }).selectedSchool).toBe(
    'norte',
  );
  expect(resolveSchoolSelection({ ...input, schools: [holding] })).toEqual({
    schools: [],
    selectedSchool: null,
  });
});
