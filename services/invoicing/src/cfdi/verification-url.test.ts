import { buildComprobante } from './build-comprobante.ts';
import { SCENARIOS } from './cfdi-fixtures.ts';
import type { TimbreFiscalDigital } from './comprobante.ts';
import { verificationTotal, verificationUrl } from './verification-url.ts';

const timbre: TimbreFiscalDigital = {
  Version: '1.1',
  UUID: 'AD662D33-6934-459C-A128-BDF0393E0F44',
  FechaTimbrado: '2026-03-05T11:22:05',
  RfcProvCertif: 'SPR190613I52',
  SelloCFD: 'x',
  NoCertificadoSAT: '30001000000500003456',
  SelloSAT: 'y',
};

describe('SAT verification QR', () => {
  it('drops non-significant zeros of the total but keeps one decimal', () => {
    expect(verificationTotal('5850.00')).toBe('5850.0');
    expect(verificationTotal('699.99')).toBe('699.99');
    expect(verificationTotal('0.50')).toBe('0.5');
    expect(verificationTotal('1000.10')).toBe('1000.1');
  });

  it('carries id, re, rr, tt and the last 8 characters of the Sello as fe', () => {
    const { comprobante } = buildComprobante(SCENARIOS['colegiatura y uniforme']);
    const url = verificationUrl({
      comprobante: { ...comprobante, Sello: 'AAAAbbbbCCCC+d/E0F=' },
      timbre,
    });
    expect(url).toBe(
      'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx' +
        '?id=AD662D33-6934-459C-A128-BDF0393E0F44&re=EKU9003173C9&rr=COSC8001137NA' +
        '&tt=5850.0&fe=C+d/E0F=',
    );
  });

  it('writes an & in an RFC as XML does', () => {
    const { comprobante } = buildComprobante(SCENARIOS['colegiatura sola']);
    const url = verificationUrl({
      comprobante: { ...comprobante, Emisor: { ...comprobante.Emisor, Rfc: 'A&A050908GT0' } },
      timbre,
    });
    expect(url).toContain('&re=A&amp;A050908GT0&rr=');
  });
});
