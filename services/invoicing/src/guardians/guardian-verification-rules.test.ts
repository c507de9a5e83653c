import { isVerifiedGuardian } from './guardian-verification-rules';

describe('isVerifiedGuardian', () => {
  test('needs a razón social and an invoiceable RFC', () => {
    expect(isVerifiedGuardian({ billingName: 'Ana Camacho', taxId: 'CAMA911215CJ0' })).toBe(true);
    expect(isVerifiedGuardian({ billingName: 'Ana Camacho', taxId: 'cama911215cj0' })).toBe(true);
  });

  test.each([
    ['no guardian yet', undefined],
    ['no billing name', { billingName: null, taxId: 'CAMA911215CJ0' }],
    ['a blank billing name', { billingName: '  ', taxId: 'CAMA911215CJ0' }],
    ['no RFC', { billingName: 'Ana Camacho', taxId: null }],
    ['an impossible date', { billingName: 'Ana Camacho', taxId: 'CAMA911315CJ0' }],
    ['the generic RFC', { billingName: 'PUBLICO EN GENERAL', taxId: 'XAXX010101000' }],
  ])('is not valid with %s', (_label, fiscal) => {
    expect(isVerifiedGuardian(fiscal)).toBe(false);
  });
});
