import { HttpError } from '@cuota/service-runtime/http/http-error';
import { onboardingStageAfter, type OnboardingFacts } from './onboarding-rules';

const fresh: OnboardingFacts = {
  stage: 'PROFILE',
  email: null,
  phone: null,
  billingName: null,
  taxId: null,
  taxZipCode: null,
  taxRegime: null,
  cfdiUse: null,
  dependents: [{ id: 's-1', name: 'Sofía Ruiz', curp: null }],
};
/** A salaried parent (persona física, 605) who asks for deductible colegiaturas. */
const invoicing: OnboardingFacts = {
  ...fresh,
  email: 'rosa@correo.mx',
  billingName: 'ROSA RUIZ PEREZ',
  taxId: 'RUPR850101AB9',
  taxZipCode: '64000',
  taxRegime: '605',
  cfdiUse: 'D10',
  dependents: [{ id: 's-1', name: 'Sofía Ruiz', curp: 'RUPS150314MNLZRFA3' }],
};

const refusal = (facts: OnboardingFacts, requested: Parameters<typeof onboardingStageAfter>[1]) => {
  try {
    onboardingStageAfter(facts, requested);
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    return (err as HttpError).details ?? [];
  }
  throw new Error('expected a refusal');
};

describe('onboardingStageAfter', () => {
  test('moves forward step by step when each step has what it asks for', () => {
    expect(onboardingStageAfter({ ...fresh, email: 'rosa@correo.mx' }, 'BILLING')).toBe('BILLING');
    expect(onboardingStageAfter({ ...invoicing, stage: 'BILLING' }, 'CFDI')).toBe('CFDI');
    expect(onboardingStageAfter({ ...invoicing, stage: 'STUDENTS' }, 'COMPLETED')).toBe(
      'COMPLETED',
    );
  });

  test('never goes back: asking for an earlier step keeps the stage', () => {
    expect(onboardingStageAfter({ ...invoicing, stage: 'COMPLETED' }, 'PROFILE')).toBe('COMPLETED');
    expect(onboardingStageAfter({ ...fresh, stage: 'CFDI' }, 'CFDI')).toBe('CFDI');
  });

  test('leaving PROFILE needs the e-mail the guardian signs in with', () => {
    expect(refusal({ ...fresh, phone: '8112345678' }, 'BILLING')).toEqual([
      { path: 'email', message: 'Escribe tu correo: ahí te llegan tus códigos para entrar.' },
    ]);
  });

  test('no fiscal data means público en general; part of it asks for the rest', () => {
    const noInvoice = { ...fresh, email: 'a@b.mx', dependents: [] };
    expect(onboardingStageAfter(noInvoice, 'COMPLETED')).toBe('COMPLETED');
    const partial = { ...noInvoice, stage: 'BILLING' as const, taxId: 'RUPR850101AB9' };
    expect(refusal(partial, 'CFDI').map((d) => d.path)).toEqual([
      'billing_name',
      'tax_zip_code',
      'tax_regime',
    ]);
  });

  test('the régimen must be one a persona física or moral may declare', () => {
    const moralRegime = { ...invoicing, stage: 'BILLING' as const, taxRegime: '601' };
    expect(refusal(moralRegime, 'CFDI')).toEqual([
      { path: 'tax_regime', message: 'El régimen fiscal 601 no corresponde a una persona física.' },
    ]);
  });

  test('a family that invoices chooses a use SAT admits for its régimen', () => {
    const atCfdi = { ...invoicing, stage: 'CFDI' as const };
    expect(refusal({ ...atCfdi, cfdiUse: null }, 'STUDENTS')[0]!.path).toBe('cfdi_use');
    // A salaried parent (605) may not use G03.
    expect(refusal({ ...atCfdi, cfdiUse: 'G03' }, 'STUDENTS')).toEqual([
      {
        path: 'cfdi_use',
        message: 'El SAT no admite el uso G03 para tu régimen fiscal; elige otro.',
      },
    ]);
    expect(onboardingStageAfter({ ...atCfdi, cfdiUse: 'S01' }, 'STUDENTS')).toBe('STUDENTS');
  });

  test('deductible colegiaturas need every studying child’s CURP', () => {
    const atStudents = {
      ...invoicing,
      stage: 'STUDENTS' as const,
      dependents: [...invoicing.dependents, { id: 's-2', name: 'Diego Ruiz', curp: null }],
    };
    expect(refusal(atStudents, 'COMPLETED')).toEqual([
      {
        path: 'students.s-2.curp',
        message: 'Escribe la CURP de Diego Ruiz: sin ella sus colegiaturas no son deducibles.',
      },
    ]);
    expect(onboardingStageAfter({ ...atStudents, cfdiUse: 'S01' }, 'COMPLETED')).toBe('COMPLETED');
  });

  test('skipping ahead checks every step left behind', () => {
    expect(
      refusal({ ...invoicing, email: null, cfdiUse: null }, 'COMPLETED').map((d) => d.path),
    ).toEqual(['email', 'cfdi_use']);
  });
});
