import { CfdiError } from '../cfdi/cfdi-error';
import { loadCsd, type Csd, type CsdFiles } from '../cfdi/csd';
import type { InvoiceInput } from '../cfdi/invoice-input';
import type { RegimenFiscal } from '../cfdi/sat-catalogs';
import type { SecretBox } from '../secrets/secret-box';
import type { FiscalEntityRow } from './fiscal-entity-repository';
import { secretContext } from './fiscal-entity-rules';

export interface SchoolIssuer {
  issuer: InvoiceInput['issuer'];
  csd: Csd;
}

/** A school's CSD opened: `csd` seals CFDI, `files` sign a cancellation (the PAC takes them). */
export interface OpenedCsd {
  csd: Csd;
  files: CsdFiles;
}

/**
 * Opens a school's CSD, for sealing and for cancelling. Opening costs a key derivation, so
 * each process keeps the opened CSD of each entity until the school saves new fiscal data.
 */
export class SchoolIssuers {
  private readonly opened = new Map<string, { version: number; opened: OpenedCsd }>();

  private readonly box: SecretBox;

  constructor(box: SecretBox) {
    this.box = box;
  }

  issuerOf(row: FiscalEntityRow): SchoolIssuer {
    return {
      issuer: {
        rfc: row.rfc,
        legalName: row.legalName,
        regimenFiscal: row.regimenFiscal as RegimenFiscal,
        postalCode: row.postalCode,
        rvoe: row.rvoe,
        timeZone: row.timeZone,
      },
      csd: this.credentialsOf(row).csd,
    };
  }

  /** The CSD checked and its files, opened once per entity and version of its fiscal data. */
  credentialsOf(row: FiscalEntityRow): OpenedCsd {
    const version = row.updatedAt.getTime();
    const cached = this.opened.get(row.id);
    if (cached?.version === version) return cached.opened;
    const files: CsdFiles = { cer: row.csdCertificate, ...this.unseal(row) };
    const opened = { csd: loadCsd(files), files };
    this.opened.set(row.id, { version, opened });
    return opened;
  }

  /** A CSD sealed under another INVOICING_SECRETS_KEY (or altered) cannot be used. */
  private unseal(row: FiscalEntityRow): { key: Buffer; password: string } {
    try {
      return {
        key: this.box.open(row.csdKeySealed, secretContext(row.schoolId, 'csd-key')),
        password: this.box
          .open(row.csdPasswordSealed, secretContext(row.schoolId, 'csd-password'))
          .toString('utf8'),
      };
    } catch {
      throw new CfdiError(
        'CSD_LLAVE_INVALIDA',
        'No se pudo abrir el CSD guardado de la escuela; vuelve a registrar su certificado y llave.',
      );
    }
  }
}
