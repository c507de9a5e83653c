import type { Executor } from '@cuota/messaging/transaction';
import { CfdiError } from '../cfdi/cfdi-error';
import { loadCsd } from '../cfdi/csd';
import type { SecretBox } from '../secrets/secret-box';
import { saveFiscalEntityRow, type FiscalEntityRow } from './fiscal-entity-repository';
import {
  assertUsableCsd,
  fiscalEntityInputSchema,
  secretContext,
  type FiscalEntityInput,
} from './fiscal-entity-rules';

/**
 * Records a school's fiscal data and CSD after proving the CSD opens with its password and
 * can seal this RFC's invoices. The key and the password are stored sealed, never in clear.
 */
export async function saveFiscalEntity(
  tx: Executor,
  box: SecretBox,
  schoolId: string,
  input: FiscalEntityInput,
  now: Date,
): Promise<FiscalEntityRow> {
  const parsed = fiscalEntityInputSchema.safeParse(input);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new CfdiError('DATOS_INVALIDOS', issue?.message ?? 'Datos fiscales inválidos.');
  }
  const { issuer, series, csd: files } = parsed.data;
  const csd = loadCsd(files);
  assertUsableCsd(issuer.rfc, csd, now);
  return saveFiscalEntityRow(tx, {
    schoolId,
    rfc: csd.rfc,
    legalName: issuer.legalName,
    regimenFiscal: issuer.regimenFiscal,
    postalCode: issuer.postalCode,
    rvoe: issuer.rvoe,
    timeZone: issuer.timeZone,
    series: series.toUpperCase(),
    csdCertificate: Buffer.from(files.cer),
    csdNoCertificado: csd.noCertificado,
    csdValidTo: csd.validTo,
    csdKeySealed: box.seal(files.key, secretContext(schoolId, 'csd-key')),
    csdPasswordSealed: box.seal(
      Buffer.from(files.password, 'utf8'),
      secretContext(schoolId, 'csd-password'),
    ),
  });
}
