import { resolveReceptor } from './receptor.ts';

const guardian = {
  rfc: 'cosc8001137na',
  name: '  CARLOS   ORTEGA SALAZAR ',
  postalCode: '06600',
  regimenFiscal: '605',
};

describe('resolveReceptor', () => {
  it('uses complete, well-formed fiscal data as given (normalised)', () => {
    expect(resolveReceptor({ ...guardian, usoCfdi: 'd10' })).toEqual({
      kind: 'nominativo',
      rfc: 'COSC8001137NA',
      rfcKind: 'fisica',
      name: 'CARLOS ORTEGA SALAZAR',
      postalCode: '06600',
      regimen: '605',
      requestedUso: 'D10',
    });
  });

  it('goes to público en general without a name when there is no fiscal data at all', () => {
    expect(resolveReceptor(null)).toEqual({
      kind: 'publico-en-general',
      name: null,
      reason: 'No hay RFC registrado.',
    });
  });

  it('keeps the family name for a nominative invoice when the RFC is invalid or generic', () => {
    expect(resolveReceptor({ ...guardian, rfc: 'COSC801313XXX' })).toMatchObject({
      kind: 'publico-en-general',
      name: 'CARLOS ORTEGA SALAZAR',
      reason: 'El RFC COSC801313XXX no es válido.',
    });
    expect(resolveReceptor({ ...guardian, rfc: 'XAXX010101000' })).toMatchObject({
      kind: 'publico-en-general',
      name: 'CARLOS ORTEGA SALAZAR',
    });
  });

  it('says which piece is missing', () => {
    const reason = (input: Parameters<typeof resolveReceptor>[0]) => {
      const resolved = resolveReceptor(input);
      return resolved.kind === 'publico-en-general' ? resolved.reason : null;
    };
    expect(reason({ ...guardian, postalCode: '6600' })).toBe(
      'Falta el código postal del domicilio fiscal (5 dígitos).',
    );
    expect(reason({ ...guardian, regimenFiscal: null })).toBe(
      'Falta el régimen fiscal o no es válido.',
    );
    expect(reason({ ...guardian, name: ' ' })).toBe(
      'Falta el nombre o razón social como aparece en la constancia.',
    );
    // CFDI40158: a company cannot be "sueldos y salarios".
    expect(reason({ ...guardian, rfc: 'EKU9003173C9' })).toBe(
      'El régimen fiscal 605 no corresponde a una persona moral.',
    );
  });

  it('never names a nominative invoice "PUBLICO EN GENERAL" (SAT reads that as a global one)', () => {
    expect(resolveReceptor({ name: 'Público en General' })).toMatchObject({
      name: 'Público en General',
    });
    expect(resolveReceptor({ name: 'publico en general' })).toMatchObject({ name: null });
  });
});
