import fc from 'fast-check';
import { curpCheckDigit } from '@cuota/contracts/enrolment/curp';
import { curpSchema } from '@cuota/contracts/enrolment/student-detail';
import { demoCurp, type CurpPerson } from './demo-curp';
import { GIVEN_NAMES, SURNAMES } from './demo-names';

/** SAT's t_CURP (tdCFDI.xsd), stricter than our form's curpSchema: reference/mexico.md §1.5. */
const SAT_CURP =
  /^[A-Z][AEIOUX][A-Z]{2}\d{2}(0[1-9]|1[012])(0[1-9]|[12]\d|3[01])[MHX]([ABCMTZ]S|[BCJMOT]C|[CNPST]L|[GNQ]T|[GQS]R|C[MH]|[MY]N|[DH]G|NE|VZ|DF|SP)[BCDFGHJ-NP-TV-Z]{3}[0-9A-Z]\d$/;

const sofia: CurpPerson = {
  givenNames: 'Sofía',
  firstSurname: 'González',
  secondSurname: 'Hernández',
  birthDate: '2015-03-12',
  gender: 'F',
};

test('letters of the surnames and name, birth date, sex, Nuevo León, consonants, check digit', () => {
  // GO·H·S, 150312, M (mujer), NL, N·R·F, A (born in 2000 or later), check digit.
  expect(demoCurp(sofia)).toBe(`GOHS150312MNLNRFA${curpCheckDigit('GOHS150312MNLNRFA')}`);
  expect(demoCurp({ ...sofia, gender: 'M', birthDate: '1999-12-31' }).slice(4, 17)).toBe(
    '991231HNLNRF0',
  );
});

test('RENAPO special cases: María/José first, particles, Ñ, no second surname, bad words', () => {
  const curp = (p: Partial<CurpPerson>) => demoCurp({ ...sofia, ...p }).slice(0, 4);
  expect(curp({ givenNames: 'María José' })).toBe('GOHJ');
  expect(curp({ givenNames: 'José' })).toBe('GOHJ');
  expect(curp({ firstSurname: 'de la Garza' })).toBe('GAHS');
  expect(curp({ firstSurname: 'Ñúñez' })).toBe('XUHS');
  expect(curp({ secondSurname: null })).toBe('GOXS');
  // C·U·L·O would spell a word RENAPO forbids: its vowel becomes X.
  expect(curp({ firstSurname: 'Cruz', secondSurname: 'López', givenNames: 'Óscar' })).toBe('CXLO');
  expect(demoCurp({ ...sofia, firstSurname: 'Oña' }).slice(13, 14)).toBe('X');
});

test("every demo name and birth date gives a CURP our form, SAT's schema and its digit accept", () => {
  const person = fc.record({
    givenNames: fc.constantFrom(...GIVEN_NAMES),
    firstSurname: fc.constantFrom(...SURNAMES),
    secondSurname: fc.constantFrom(...SURNAMES),
    birthDate: fc
      .date({ min: new Date('1990-01-01'), max: new Date('2024-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    gender: fc.constantFrom('M' as const, 'F' as const),
  });
  fc.assert(
    fc.property(person, (p) => {
      const curp = demoCurp(p);
      expect(curpSchema.parse(curp)).toBe(curp);
      expect(curp).toMatch(SAT_CURP);
      expect(curpCheckDigit(curp.slice(0, 17))).toBe(curp[17]);
      expect(curp.slice(4, 10)).toBe(p.birthDate.slice(2).replace(/-/g, ''));
    }),
  );
});
