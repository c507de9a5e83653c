import { activationBlockers, activationRefusal, type ActivationFacts } from './cycle-rules';

const next = {
  id: 'c2',
  name: '2027-2028',
  status: 'draft',
  startsOn: '2027-08-23',
  endsOn: '2028-07-07',
};
const active = { id: 'c1', name: '2026-2027', startsOn: '2026-08-24' };
const facts = (changes: Partial<ActivationFacts> = {}): ActivationFacts => ({
  cycle: next,
  today: '2027-06-01',
  active,
  schoolStatus: 'operando',
  hasSections: true,
  ...changes,
});

describe('activation blockers', () => {
  test('the next draft of an operating school with groups may be activated', () => {
    expect(activationBlockers(facts())).toEqual([]);
    expect(activationBlockers(facts({ active: null }))).toEqual([]);
  });

  test('a cycle ends on its last day: the day after, it has ended', () => {
    expect(activationBlockers(facts({ today: '2028-07-07' }))).toEqual([]);
    expect(activationBlockers(facts({ today: '2028-07-08' }))).toEqual([
      'El ciclo ya terminó (terminó el 2028-07-07).',
    ]);
  });

  test('every reason is listed, in a fixed order', () => {
    const reasons = activationBlockers(
      facts({
        cycle: { ...next, status: 'closed', startsOn: '2020-08-24', endsOn: '2021-07-09' },
        schoolStatus: 'paused',
        hasSections: false,
      }),
    );
    expect(reasons).toEqual([
      'El ciclo ya se cerró; un ciclo cerrado no vuelve a activarse.',
      'El ciclo ya terminó (terminó el 2021-07-09).',
      'El ciclo empieza antes que el ciclo activo 2026-2027.',
      'La escuela está en pausa.',
      'La escuela no tiene niveles con grupos.',
    ]);
  });

  test('the active cycle itself is already active, not "before" itself', () => {
    const itself = { ...next, id: active.id, status: 'active', startsOn: active.startsOn };
    expect(activationBlockers(facts({ cycle: itself }))).toEqual(['El ciclo ya está activo.']);
  });

  test('a school that left (baja) cannot activate; one onboarding can', () => {
    expect(activationBlockers(facts({ schoolStatus: 'baja' }))).toEqual([
      'La escuela está dada de baja.',
    ]);
    expect(activationBlockers(facts({ schoolStatus: 'onboarding' }))).toEqual([]);
  });
});

test('the refusal names the cycle and carries each reason as a detail', () => {
  expect(activationRefusal('2027-2028', [])).toBeNull();
  expect(activationRefusal('2027-2028', ['A.', 'B.'])).toMatchObject({
    status: 409,
    message: 'No se puede activar el ciclo 2027-2028. A. B.',
    details: [
      { path: 'cycle', message: 'A.' },
      { path: 'cycle', message: 'B.' },
    ],
  });
});
