import { cfdiText, normalizeSpace } from './cfdi-text.ts';

describe('cfdiText', () => {
  it('collapses whitespace as the cadena original does, so XML and cadena agree', () => {
    expect(cfdiText('  Colegiatura\tmarzo\n\n2026  ', 1000)).toBe('Colegiatura marzo 2026');
    expect(normalizeSpace(' a \r\n b ')).toBe('a b');
  });

  it('replaces the cadena separator "|" and drops control characters', () => {
    expect(cfdiText('Uniforme | talla 8\u0007', 1000)).toBe('Uniforme / talla 8');
  });

  it('cuts to SAT maximum length by characters, not bytes', () => {
    expect(cfdiText('Ñandú Ñandú', 5)).toBe('Ñandú');
  });

  it('composes accents (NFC) so the same name is always the same bytes', () => {
    expect(cfdiText('Nu\u0301n\u0303ez', 300)).toBe('Núñez');
  });
});
