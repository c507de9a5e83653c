import {
  constants,
  generateKeyPairSync,
  privateEncrypt,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import forge from 'node-forge';

/**
 * Certificates shaped like SAT's CSD: the serial number is the 20-digit NoCertificado written
 * as ASCII bytes, and the subject carries the holder's RFC in x500UniqueIdentifier
 * ("RFC / RFC del representante legal").
 */
export interface SatCertificate {
  noCertificado: string;
  rfc: string;
  validFrom: Date;
  validTo: Date;
  publicKey: KeyObject;
}

const X500_UNIQUE_IDENTIFIER = '2.5.4.45';

export function readSatCertificate(der: Buffer): SatCertificate {
  const certificate = new X509Certificate(der);
  const subject = certificate.toLegacyObject().subject as Record<string, string | string[]>;
  const holder = [subject.x500UniqueIdentifier ?? ''].flat()[0]!;
  return {
    noCertificado: Buffer.from(certificate.serialNumber, 'hex').toString('latin1'),
    rfc: holder.split('/')[0]!.trim(),
    validFrom: certificate.validFromDate,
    validTo: certificate.validToDate,
    publicKey: certificate.publicKey,
  };
}

export interface IssuedCertificate {
  certificatePem: string;
  privateKeyPem: string;
}

/** A self-signed RSA-2048 certificate in SAT's CSD layout (for the sandbox and for tests). */
export function issueSatCertificate(holder: {
  rfc: string;
  name: string;
  noCertificado: string;
  validFrom: Date;
  validTo: Date;
}): IssuedCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(
    publicKey.export({ type: 'spki', format: 'pem' }) as string,
  );
  certificate.serialNumber = Buffer.from(holder.noCertificado, 'latin1').toString('hex');
  certificate.validity.notBefore = holder.validFrom;
  certificate.validity.notAfter = holder.validTo;
  const printable = forge.asn1.Type.PRINTABLESTRING;
  certificate.setSubject([
    { shortName: 'CN', value: holder.name },
    { shortName: 'O', value: holder.name },
    { type: X500_UNIQUE_IDENTIFIER, value: holder.rfc, valueTagClass: printable },
  ] as forge.pki.CertificateField[]);
  certificate.setIssuer([
    { shortName: 'CN', value: 'AC DE PRUEBAS DEL SANDBOX CUOTA' },
  ] as forge.pki.CertificateField[]);
  certificate.sign(opensslSigner(privateKey), forge.md.sha256.create());
  return { certificatePem: forge.pki.certificateToPem(certificate), privateKeyPem };
}

/** DER prefix of a PKCS#1 v1.5 DigestInfo for SHA-256 (RFC 8017 §9.2). */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/**
 * forge lays out the certificate; OpenSSL does the RSA operation (forge's pure-JS one takes
 * a tenth of a second per certificate). forge hands the signer the SHA-256 of the
 * TBSCertificate; RSA_PKCS1_PADDING on a private encryption is PKCS#1 v1.5 signing.
 */
function opensslSigner(privateKey: KeyObject): forge.pki.rsa.PrivateKey {
  const sign = (digest: forge.md.MessageDigest) =>
    privateEncrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_PADDING },
      Buffer.concat([SHA256_DIGEST_INFO, Buffer.from(digest.digest().getBytes(), 'binary')]),
    ).toString('binary');
  return { sign } as unknown as forge.pki.rsa.PrivateKey;
}

/** The certificate as the CFDI's Certificado attribute carries it: base64 DER, no PEM armour. */
export function certificateBase64(certificatePem: string): string {
  return certificatePem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
}
