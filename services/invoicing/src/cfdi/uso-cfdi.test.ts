import { chooseUsoCfdi, type UsoCfdiContext } from './uso-cfdi.ts';

const salariedParent: UsoCfdiContext = {
  kind: 'fisica',
  regimen: '605',
  deductibleTuition: true,
  formaPago: '03',
};

describe('chooseUsoCfdi (UsoCFDI against the receptor régimen, mexico.md §2.11)', () => {
  it('gives D10 to a salaried parent paying a colegiatura by transfer or card', () => {
    expect(chooseUsoCfdi(salariedParent)).toBe('D10');
    expect(chooseUsoCfdi({ ...salariedParent, formaPago: '28' })).toBe('D10');
    expect(chooseUsoCfdi({ ...salariedParent, regimen: '612' })).toBe('D10');
  });

  it('never gives D10 to régimen 616 or 626 (RESICO): S01 or G03 instead', () => {
    expect(chooseUsoCfdi({ ...salariedParent, regimen: '616' })).toBe('S01');
    expect(chooseUsoCfdi({ ...salariedParent, regimen: '626' })).toBe('G03');
  });

  it('never gives D10 to a company paying tuition: gastos en general', () => {
    expect(chooseUsoCfdi({ ...salariedParent, kind: 'moral', regimen: '601' })).toBe('G03');
    expect(
      chooseUsoCfdi({ ...salariedParent, kind: 'moral', regimen: '601', requested: 'D10' }),
    ).toBe('G03');
  });

  it('does not offer D10 for a cash payment, which the decree does not let parents deduct', () => {
    expect(chooseUsoCfdi({ ...salariedParent, formaPago: '01' })).toBe('S01');
    expect(chooseUsoCfdi({ ...salariedParent, formaPago: '01', regimen: '612' })).toBe('G03');
  });

  it('without a deductible colegiatura, a salaried parent (no G03 for 605) gets S01', () => {
    expect(chooseUsoCfdi({ ...salariedParent, deductibleTuition: false })).toBe('S01');
    expect(chooseUsoCfdi({ ...salariedParent, deductibleTuition: false, requested: 'D10' })).toBe(
      'S01',
    );
  });

  it('keeps the use the guardian asked for when SAT admits it for them', () => {
    expect(chooseUsoCfdi({ ...salariedParent, requested: 'S01' })).toBe('S01');
    expect(chooseUsoCfdi({ ...salariedParent, regimen: '612', requested: 'G01' })).toBe('G01');
    // G03 is not admitted for 605: the rule decides instead.
    expect(chooseUsoCfdi({ ...salariedParent, requested: 'G03' })).toBe('D10');
    expect(chooseUsoCfdi({ ...salariedParent, requested: 'P01' })).toBe('D10');
  });
});
