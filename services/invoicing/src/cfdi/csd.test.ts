import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { buildComprobante } from './build-comprobante.ts';
import { CfdiError } from './cfdi-error.ts';
import { DEMO_SCHOOL, SCENARIOS } from './cfdi-fixtures.ts';
import { loadCsd, noCertificadoOf } from './csd.ts';
import { generateDemoCsd, type DemoCsdOptions } from './demo-csd.ts';
import { sealComprobante, selloIsValid } from './seal.ts';

const password = 'Clave-Escuela-2026';
const options: DemoCsdOptions = {
  rfc: DEMO_SCHOOL.rfc,
  legalName: DEMO_SCHOOL.legalName,
  password,
  validFrom: new Date('2025-03-01T00:00:00Z'),
  noCertificado: '30001000000400002495',
};
const files = generateDemoCsd(options);
const input = SCENARIOS['colegiatura sola'];
const { comprobante } = buildComprobante(input);

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof CfdiError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return undefined;
}

describe('demo CSD, shaped like SAT issues them', () => {
  it('carries the NoCertificado as ASCII digits in the serial and the RFC in x500UniqueIdentifier', () => {
    const certificate = new X509Certificate(files.cer);
    expect(certificate.serialNumber).toBe(
      Buffer.from('30001000000400002495').toString('hex').toUpperCase(),
    );
    expect(certificate.subject).toContain('x500UniqueIdentifier=EKU9003173C9');
    expect(certificate.subject).toContain('OU=CSD01');
    expect(certificate.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(certificate.validFromDate).toEqual(new Date('2025-03-01T00:00:00Z'));
    expect(certificate.validToDate).toEqual(new Date('2029-03-01T00:00:00Z'));
  });

  it('encodes the subject and usages like SAT: PrintableString RFC, sealing-only key usage', () => {
    const asn1 = forge.asn1.fromDer(files.cer.toString('binary'));
    const parsed = forge.pki.certificateFromAsn1(asn1);
    const rfc = parsed.subject.getField({ type: '2.5.4.45' });
    expect(rfc).toMatchObject({
      value: 'EKU9003173C9',
      valueTagClass: forge.asn1.Type.PRINTABLESTRING,
    });
    expect(parsed.getExtension('keyUsage')).toMatchObject({
      digitalSignature: true,
      nonRepudiation: true,
      keyEncipherment: false,
      dataEncipherment: false,
    });
    expect(parsed.getExtension('basicConstraints')).toMatchObject({ cA: false, critical: true });
  });

  it('protects the key as SAT .key files are: PKCS#8 encrypted with PBES2 (PBKDF2 + 3DES)', () => {
    const info = forge.asn1.fromDer(files.key.toString('binary'));
    const [algorithm] = info.value as forge.asn1.Asn1[];
    const [scheme, params] = (algorithm?.value ?? []) as forge.asn1.Asn1[];
    const [kdf, cipher] = (params?.value ?? []) as forge.asn1.Asn1[];
    const oid = (node: forge.asn1.Asn1 | undefined) =>
      forge.asn1.derToOid((node?.value as forge.asn1.Asn1[])[0]?.value as string);
    expect(forge.asn1.derToOid(scheme?.value as string)).toBe('1.2.840.113549.1.5.13');
    expect(oid(kdf)).toBe('1.2.840.113549.1.5.12');
    expect(oid(cipher)).toBe('1.2.840.113549.3.7');
  });
});

describe('loadCsd', () => {
  it('reads the .cer and the password-protected .key as SAT issues them', () => {
    const csd = loadCsd({ ...files, password });
    expect(csd).toMatchObject({
      rfc: 'EKU9003173C9',
      legalName: 'ESCUELA KEMPER URGATE',
      noCertificado: '30001000000400002495',
      certificado: files.cer.toString('base64'),
    });
    expect(csd.privateKey.asymmetricKeyType).toBe('rsa');
  });

  it('explains a wrong password, a foreign key, a broken .cer and an e.firma', () => {
    expect(codeOf(() => loadCsd({ ...files, password: 'otra' }))).toBe(
      'CSD_LLAVE_INVALIDA: No se pudo abrir la llave privada (.key): revisa la contraseña y que sea el archivo del CSD.',
    );
    const other = generateDemoCsd({ ...options, noCertificado: undefined });
    expect(codeOf(() => loadCsd({ cer: files.cer, key: other.key, password }))).toBe(
      'CSD_NO_CORRESPONDE: La llave privada (.key) no corresponde al certificado (.cer).',
    );
    expect(codeOf(() => loadCsd({ cer: files.key, key: files.key, password }))).toBe(
      'CSD_CERTIFICADO_INVALIDO: El archivo .cer no es un certificado válido.',
    );
    const fiel = generateDemoCsd({ ...options, branch: '' });
    expect(codeOf(() => loadCsd({ ...fiel, password }))).toMatch(/^CSD_ES_FIEL: .*e\.firma/);
  });

  it('reads NoCertificado only from a SAT-style serial', () => {
    expect(noCertificadoOf('3330303031303030303030333030303233373038')).toBe(
      '30001000000300023708',
    );
    expect(codeOf(() => noCertificadoOf('0A1B'))).toMatch(/^CSD_CERTIFICADO_INVALIDO/);
  });
});

describe('sealComprobante', () => {
  const csd = loadCsd({ ...files, password });

  it('sets NoCertificado and Certificado and signs the cadena that includes them', () => {
    const sealed = sealComprobante(comprobante, csd, input.issuedAt);
    expect(sealed.comprobante).toMatchObject({
      NoCertificado: '30001000000400002495',
      Certificado: csd.certificado,
    });
    expect(sealed.cadenaOriginal).toContain('|03|30001000000400002495|4850.00|');
    expect(selloIsValid(sealed.comprobante)).toBe(true);
    expect(selloIsValid({ ...sealed.comprobante, Total: '4850.01' })).toBe(false);
  });

  it('refuses a CSD of another RFC or outside its validity', () => {
    const otherSchool = loadCsd({
      ...generateDemoCsd({ ...options, rfc: 'AAA010101AA1' }),
      password,
    });
    expect(codeOf(() => sealComprobante(comprobante, otherSchool, input.issuedAt))).toBe(
      'CSD_RFC_DISTINTO: El CSD es del RFC AAA010101AA1, pero la factura la emite el RFC EKU9003173C9.',
    );
    expect(codeOf(() => sealComprobante(comprobante, csd, new Date('2029-03-02T00:00:00Z')))).toBe(
      'CSD_NO_VIGENTE: El CSD 30001000000400002495 no está vigente en la fecha de la factura (vigente del 2025-03-01 al 2029-03-01).',
    );
    expect(
      codeOf(() => sealComprobante(comprobante, csd, new Date('2025-02-28T23:59:59Z'))),
    ).toMatch(/^CSD_NO_VIGENTE/);
  });
});
