import { BILLING_MESSAGES, checkBillingData, type BillingData } from './billing-validation-rules';

const family: BillingData = {
  billing_name: 'CARLOS ORTEGA SALAZAR',
  tax_id: 'COSC8001137NA',
  tax_regime: '605',
  tax_zip_code: '06600',
};

test('a salaried parent’s data is valid; the uses SAT admits for 605 come with it', () => {
  const check = checkBillingData(family);
  expect(check).toMatchObject({ valid: true, errors: {}, warnings: {} });
  expect(check.cfdiUses.map((u) => u.code)).toEqual(['D10', 'S01']);
  expect(checkBillingData({ ...family, cfdi_use: 'd10' }).valid).toBe(true);
});

test('each field’s problem is said beside it, in Spanish', () => {
  const check = checkBillingData({
    billing_name: 'Público en General',
    tax_id: 'COSC801313XXX',
    tax_regime: '699',
    tax_zip_code: '6600',
    cfdi_use: 'P01',
  });
  expect(check.valid).toBe(false);
  expect(check.errors).toEqual({
    billing_name: BILLING_MESSAGES.nameGeneric,
    tax_id: BILLING_MESSAGES.rfcShape,
    tax_regime: 'El régimen fiscal 699 no está en el catálogo del SAT.',
    tax_zip_code: BILLING_MESSAGES.zipShape,
    cfdi_use: 'La escuela no emite facturas con el uso del CFDI P01.',
  });
  expect(check.cfdiUses).toEqual([]);
  expect(checkBillingData({}).errors).toEqual({
    billing_name: BILLING_MESSAGES.nameMissing,
    tax_id: BILLING_MESSAGES.rfcMissing,
    tax_regime: BILLING_MESSAGES.regimeMissing,
    tax_zip_code: BILLING_MESSAGES.zipMissing,
  });
});

test('the régimen must be one of the RFC’s person type; the use one of the régimen', () => {
  expect(checkBillingData({ ...family, tax_regime: '601' }).errors).toEqual({
    tax_regime:
      'Tu RFC es de persona física y el régimen 601 «General de Ley Personas Morales» no le corresponde.',
  });
  const company = {
    billing_name: 'ABARROTES Y ALGO',
    tax_id: 'A&A050908GT0',
    tax_regime: '601',
    tax_zip_code: '64000',
  };
  expect(checkBillingData(company).valid).toBe(true);
  expect(checkBillingData({ ...company, cfdi_use: 'D10' }).errors).toEqual({
    cfdi_use:
      'El SAT no admite el uso D10 «Pagos por servicios educativos (colegiaturas)» para el régimen 601.',
  });
  expect(checkBillingData({ ...family, cfdi_use: 'G03' }).errors.cfdi_use).toMatch(/G03/);
});

test('a wrong check digit is a warning (ADR 0006); the generic RFC is an error', () => {
  const check = checkBillingData({ ...family, tax_id: 'COSC8001137N9' });
  expect(check).toMatchObject({ valid: true, warnings: { tax_id: BILLING_MESSAGES.checkDigit } });
  expect(checkBillingData({ ...family, tax_id: 'XAXX010101000' }).errors).toEqual({
    tax_id: BILLING_MESSAGES.rfcGeneric,
  });
});
