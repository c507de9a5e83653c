import type { Executor } from '@cuota/messaging/transaction';
import { CfdiError } from '../cfdi/cfdi-error';
import { loadCsd } from '../cfdi/csd';
import type { SecretBox } from '../secrets/secret-box';
import {
  saveFiscalEntityRow,
  seriesTakenBy,
  type FiscalEntityRow,
} from './fiscal-entity-repository';
import {
  assertUsableCsd,
  fiscalEntityInputSchema,
  secretContext,
  seriesTaken,
  type FiscalEntityInput,
} from './fiscal-entity-rules';

/**
 * Records one of a school's razones sociales and its CSD (or replaces the one of the same
 * RFC) after proving the CSD opens with its password and can seal this RFC's invoices, and
 * that no other entity of the school uses the series. The key and the password are stored
 * sealed, never in clear; on any refusal nothing is written.
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
  const {
    issuer,
    series: typed,
    levels,
    invoiceTiming,
    publicoEnGeneral,
    csd: files,
  } = parsed.data;
  const csd = loadCsd(files);
  assertUsableCsd(issuer.rfc, csd, now);
  const series = typed.toUpperCase();
  const holder = await seriesTakenBy(tx, schoolId, series, csd.rfc);
  if (holder) throw seriesTaken(series, holder.rfc);
  return saveFiscalEntityRow(tx, {
    schoolId,
    levels,
    rfc: csd.rfc,
    legalName: issuer.legalName,
    regimenFiscal: issuer.regimenFiscal,
    postalCode: issuer.postalCode,
    rvoe: issuer.rvoe,
    timeZone: issuer.timeZone,
    series,
    ...(invoiceTiming ? { invoiceTiming } : {}),
    ...(publicoEnGeneral ? { publicoEnGeneral } : {}),
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
