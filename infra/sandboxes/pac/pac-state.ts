import fs from 'node:fs';
import path from 'node:path';

/** A taxpayer in the stand-in for SAT's list of registered RFCs (l_RFC). */
export interface Taxpayer {
  rfc: string;
  name: string;
  postal_code: string;
  regimes: string[];
}

/** SAT's EstatusCancelacion, in the API's words. */
export type CancellationStatus =
  | 'en_proceso'
  | 'cancelado_sin_aceptacion'
  | 'cancelado_con_aceptacion'
  | 'plazo_vencido'
  | 'solicitud_rechazada';

export interface StampedCfdi {
  uuid: string;
  fecha_timbrado: string;
  no_certificado_sat: string;
  sello_cfd: string;
  /** The TFD's seal and cadena original (absent in state files written before they were kept). */
  sello_sat?: string;
  cadena_original_sat?: string;
  xml: string;
  emisor_rfc: string;
  emisor_nombre: string;
  receptor_rfc: string;
  receptor_nombre: string;
  total: string;
  tipo_de_comprobante: string;
  /** CFDI this one relates to (credit notes, payments): they cannot be cancelled while it is vigente. */
  related_uuids: string[];
  status: 'vigente' | 'en_proceso' | 'cancelado';
  motivo_cancelacion?: string;
  folio_sustitucion?: string;
  cancellation_status?: CancellationStatus;
  /** When the receptor's silence counts as acceptance (ISO instant). */
  acceptance_due_at?: string;
  fecha_cancelacion?: string;
}

/** The PAC's own certificate, which seals every TimbreFiscalDigital (SelloSAT). */
export interface PacIdentity {
  rfc: string;
  noCertificado: string;
  certificatePem: string;
  privateKeyPem: string;
}

interface SavedState {
  identity: PacIdentity;
  taxpayers: Taxpayer[];
  stamps: StampedCfdi[];
}

/** The sandbox's memory, written whole to a JSON file (when given) after every change. */
export class PacState {
  readonly identity: PacIdentity;
  private readonly taxpayerByRfc = new Map<string, Taxpayer>();
  private readonly stampByUuid = new Map<string, StampedCfdi>();
  private readonly uuidBySello = new Map<string, string>();
  private readonly file: string | undefined;

  private constructor(saved: SavedState, file: string | undefined) {
    this.identity = saved.identity;
    this.file = file;
    for (const taxpayer of saved.taxpayers) this.taxpayerByRfc.set(taxpayer.rfc, taxpayer);
    for (const stamp of saved.stamps) this.index(stamp);
  }

  static open(options: {
    file?: string;
    seedTaxpayers?: Taxpayer[];
    createIdentity: () => PacIdentity;
  }): PacState {
    const saved: SavedState | undefined =
      options.file && fs.existsSync(options.file)
        ? JSON.parse(fs.readFileSync(options.file, 'utf8'))
        : undefined;
    const state = new PacState(
      saved ?? { identity: options.createIdentity(), taxpayers: [], stamps: [] },
      options.file,
    );
    for (const taxpayer of options.seedTaxpayers ?? [])
      state.taxpayerByRfc.set(taxpayer.rfc, taxpayer);
    state.save();
    return state;
  }

  taxpayer(rfc: string): Taxpayer | undefined {
    return this.taxpayerByRfc.get(rfc);
  }

  taxpayers(): Taxpayer[] {
    return [...this.taxpayerByRfc.values()].sort((a, b) => a.rfc.localeCompare(b.rfc));
  }

  isRegisteredPostalCode(postalCode: string): boolean {
    return [...this.taxpayerByRfc.values()].some((t) => t.postal_code === postalCode);
  }

  registerTaxpayer(taxpayer: Taxpayer): void {
    this.taxpayerByRfc.set(taxpayer.rfc, taxpayer);
    this.save();
  }

  stamp(uuid: string): StampedCfdi | undefined {
    return this.stampByUuid.get(uuid.toUpperCase());
  }

  stampBySello(sello: string): StampedCfdi | undefined {
    const uuid = this.uuidBySello.get(sello);
    return uuid ? this.stampByUuid.get(uuid) : undefined;
  }

  /** Newest first. */
  stamps(): StampedCfdi[] {
    return [...this.stampByUuid.values()].reverse();
  }

  addStamp(stamp: StampedCfdi): void {
    this.index(stamp);
    this.save();
  }

  save(): void {
    if (!this.file) return;
    const saved: SavedState = {
      identity: this.identity,
      taxpayers: this.taxpayers(),
      stamps: [...this.stampByUuid.values()],
    };
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const partial = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, JSON.stringify(saved));
    fs.renameSync(partial, this.file); // a crash mid-write never leaves half a file
  }

  private index(stamp: StampedCfdi): void {
    this.stampByUuid.set(stamp.uuid, stamp);
    this.uuidBySello.set(stamp.sello_cfd, stamp.uuid);
  }
}
