/**
 * A CSD for a demo school, shaped like SAT's: RSA 2048, a 20-digit NoCertificado written in
 * ASCII as the serial, the RFC in the subject's x500UniqueIdentifier, the branch in OU,
 * keyUsage digitalSignature + nonRepudiation, valid four years, and the private key as
 * PKCS#8 DER encrypted with PBES2 / 3DES like SAT's .key files. It is self-issued: no PAC
 * outside this project will accept it.
 */
import { generateKeyPairSync, randomInt, sign, type KeyObject } from 'node:crypto';
import forge from 'node-forge';

export interface DemoCsdOptions {
  rfc: string;
  legalName: string;
  password: string;
  /** Defaults to now; SAT's CSD last four years. */
  validFrom?: Date;
  validTo?: Date;
  /** Defaults to a random "30001000000…" number (SAT's test CSD series). */
  noCertificado?: string;
  /** OU: the branch SAT names in every CSD ("" makes it look like an e.firma). */
  branch?: string;
}

export interface DemoCsd {
  cer: Buffer;
  key: Buffer;
  noCertificado: string;
}

const OID = {
  commonName: '2.5.4.3',
  name: '2.5.4.41',
  organizationName: '2.5.4.10',
  organizationalUnitName: '2.5.4.11',
  countryName: '2.5.4.6',
  x500UniqueIdentifier: '2.5.4.45',
} as const;

const PRINTABLE = /^[A-Za-z0-9 '()+,\-./:=?]*$/;

export function generateDemoCsd(options: DemoCsdOptions): DemoCsd {
  const noCertificado = options.noCertificado ?? `30001000000${randomDigits(9)}`;
  if (!/^\d{20}$/.test(noCertificado)) throw new RangeError('NoCertificado: 20 dígitos.');
  const validFrom = options.validFrom ?? new Date();
  const validTo = options.validTo ?? addYears(validFrom, 4);
  const branch = options.branch ?? 'CSD01';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(
    publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  certificate.serialNumber = Buffer.from(noCertificado, 'ascii').toString('hex');
  certificate.validity.notBefore = validFrom;
  certificate.validity.notAfter = validTo;
  certificate.setSubject([
    field(OID.commonName, options.legalName),
    field(OID.name, options.legalName),
    field(OID.organizationName, options.legalName),
    field(OID.x500UniqueIdentifier, options.rfc),
    ...(branch ? [field(OID.organizationalUnitName, branch)] : []),
  ]);
  certificate.setIssuer([
    field(OID.commonName, 'AC DE DEMOSTRACION CUOTA (NO ES DEL SAT)'),
    field(OID.organizationName, 'Cuota'),
    field(OID.countryName, 'MX'),
  ]);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  const cer = signedDer(certificate, privateKey);
  const key = privateKey.export({
    type: 'pkcs8',
    format: 'der',
    cipher: 'des-ede3-cbc',
    passphrase: options.password,
  });
  return { cer, key, noCertificado };
}

const der = (value: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(value).getBytes(), 'binary');

/**
 * The certificate signed (sha256WithRSAEncryption) by OpenSSL rather than forge's JavaScript
 * RSA, which took 3–17 s a certificate inside Jest on a loaded machine (invoicing suites
 * timed out in set-up); forge only lays out the ASN.1, as `certificate.sign` would.
 */
function signedDer(certificate: forge.pki.Certificate, privateKey: KeyObject): Buffer {
  certificate.signatureOid = certificate.siginfo.algorithmOid =
    forge.pki.oids.sha256WithRSAEncryption!;
  certificate.signature = '';
  certificate.tbsCertificate = forge.pki.certificateToAsn1(certificate).value[0] as forge.asn1.Asn1;
  certificate.signature = sign('sha256', der(certificate.tbsCertificate), privateKey).toString(
    'binary',
  );
  return der(forge.pki.certificateToAsn1(certificate));
}

/** PrintableString where it can be (as SAT writes), UTF8String for Ñ, & and accents. */
function field(type: string, value: string): forge.pki.CertificateField {
  const valueTagClass = PRINTABLE.test(value)
    ? forge.asn1.Type.PRINTABLESTRING
    : forge.asn1.Type.UTF8;
  return { type, value, valueTagClass: valueTagClass as unknown as forge.asn1.Class };
}

function randomDigits(count: number): string {
  return Array.from({ length: count }, () => randomInt(10)).join('');
}

function addYears(date: Date, years: number): Date {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}
