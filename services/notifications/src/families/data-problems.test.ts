import type { GuardianSnapshot } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { dataProblems, dataProblemsPhrase } from './data-problems';

const guardian = (fiscal: Partial<GuardianSnapshot>): GuardianSnapshot => ({
  guardian_id: 'g',
  school_ids: [],
  first_name: 'Ana',
  last_name: 'López',
  email: null,
  billing_name: null,
  tax_id: null,
  tax_zip_code: null,
  ...fiscal,
});

test('no fiscal data at all is público en general: nothing wrong', () => {
  expect(dataProblems(guardian({}))).toEqual([]);
});

test('complete data of a persona física, well formed, is right', () => {
  const fisica = { billing_name: 'Ana López', tax_id: 'XOJI740919U48', tax_zip_code: '06600' };
  expect(dataProblems(guardian({ ...fisica, tax_regime: '605' }))).toEqual([]);
});

test('some data asks for all of it; a bad RFC, CP or régimen of another kind is named', () => {
  expect(dataProblems(guardian({ tax_id: 'XOJI740919U48' }))).toEqual([
    'billing_name',
    'tax_zip_code',
    'tax_regime',
  ]);
  expect(
    dataProblems(
      guardian({
        billing_name: 'Ana López',
        tax_id: 'XOJI741319U48',
        tax_zip_code: '6600',
        tax_regime: '601',
      }),
    ),
  ).toEqual(['tax_id', 'tax_zip_code']);
  expect(
    dataProblems(
      guardian({
        billing_name: 'Ana López',
        tax_id: 'XOJI740919U48',
        tax_zip_code: '06600',
        tax_regime: '601',
      }),
    ),
  ).toEqual(['tax_regime']);
});

test('the problems read as one Spanish phrase', () => {
  expect(dataProblemsPhrase(['tax_id'])).toBe('tu RFC');
  expect(dataProblemsPhrase(['tax_id', 'tax_zip_code', 'tax_regime'])).toBe(
    'tu RFC, el código postal de tu domicilio fiscal y tu régimen fiscal',
  );
});
