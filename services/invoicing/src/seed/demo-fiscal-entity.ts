/**
 * The demo school as an emisor (the same RFC, name, régimen and CP enrolment's seed gives
 * Colegio Cuota Demo), with RVOE for every level and a demo CSD made for it. Idempotent.
 */
import { randomBytes } from 'node:crypto';
import { rfcCheckDigit } from '@cuota/contracts/invoicing/rfc';
import { resolveReceptor } from '../cfdi/receptor';
import { generateDemoCsd } from '../cfdi/demo-csd';
import { fiscalEntityOf, type FiscalEntityRow } from '../fiscal-entities/fiscal-entity-repository';
import { SchoolIssuers } from '../fiscal-entities/school-issuer';
import { saveFiscalEntity } from '../fiscal-entities/save-fiscal-entity';
import { fiscalGuardiansOfSchool } from '../guardians/fiscal-guardian-repository';
import type { InvoicingDb } from '../invoicing-db';
import type { SecretBox } from '../secrets/secret-box';

export const DEMO_FISCAL_ENTITY = {
  rfc: `CCD1508148A${rfcCheckDigit('CCD1508148A')}`,
  legalName: 'COLEGIO CUOTA DEMO',
  regimenFiscal: '603',
  postalCode: '64000',
  rvoe: {
    'pre-school': 'PRE-19PJN0001A',
    elementary: '19PPR0001A',
    middle: '19PES0001A',
    'middle-high': 'BACH-19-2020-001',
    high: 'SUP-19-2021-001',
  },
} as const;

/**
 * Saves the demo school's fiscal entity and a new demo CSD, unless it has one this
 * INVOICING_SECRETS_KEY opens (a new key on a development machine replaces the demo CSD).
 */
export async function seedDemoFiscalEntity(
  db: InvoicingDb,
  box: SecretBox,
  schoolId: string,
  now = new Date(),
): Promise<'created' | 'existing' | 'replaced'> {
  return db.transaction(async (tx) => {
    const existing = await fiscalEntityOf(tx, schoolId);
    if (existing && opens(box, existing)) return 'existing';
    // A password nobody needs to know: only its sealed copy is ever used.
    const password = randomBytes(12).toString('base64url');
    const csd = generateDemoCsd({
      rfc: DEMO_FISCAL_ENTITY.rfc,
      legalName: DEMO_FISCAL_ENTITY.legalName,
      password,
      validFrom: new Date(now.getTime() - 24 * 3600_000),
    });
    await saveFiscalEntity(
      tx,
      box,
      schoolId,
      { issuer: DEMO_FISCAL_ENTITY, series: 'A', csd: { cer: csd.cer, key: csd.key, password } },
      now,
    );
    return existing ? 'replaced' : 'created';
  });
}

function opens(box: SecretBox, row: FiscalEntityRow): boolean {
  try {
    new SchoolIssuers(box).issuerOf(row);
    return true;
  } catch {
    return false;
  }
}

export interface SandboxTaxpayer {
  rfc: string;
  name: string;
  postal_code: string;
  regimes: string[];
}

/**
 * Who the PAC sandbox's stand-in for SAT's registry must know so the demo's invoices stamp:
 * the school, and each guardian whose fiscal data is complete enough to be a receptor.
 */
export async function demoTaxpayers(db: InvoicingDb, schoolId: string): Promise<SandboxTaxpayer[]> {
  const guardians = await fiscalGuardiansOfSchool(db, schoolId);
  const families = guardians.flatMap((g) => {
    const receptor = resolveReceptor({
      rfc: g.taxId,
      name: g.billingName,
      postalCode: g.taxZipCode,
      regimenFiscal: g.taxRegime,
    });
    return receptor.kind === 'nominativo'
      ? [
          {
            rfc: receptor.rfc,
            name: receptor.name,
            postal_code: receptor.postalCode,
            regimes: [receptor.regimen],
          },
        ]
      : [];
  });
  const school = {
    rfc: DEMO_FISCAL_ENTITY.rfc,
    name: DEMO_FISCAL_ENTITY.legalName,
    postal_code: DEMO_FISCAL_ENTITY.postalCode,
    regimes: [DEMO_FISCAL_ENTITY.regimenFiscal],
  };
  return [school, ...families];
}

/** Registers taxpayers through the PAC sandbox's control API (loopback only). */
export async function registerInPacSandbox(
  sandboxUrl: string,
  taxpayers: readonly SandboxTaxpayer[],
): Promise<void> {
  for (const { rfc, ...taxpayer } of taxpayers) {
    const res = await fetch(new URL(`/_sandbox/taxpayers/${encodeURIComponent(rfc)}`, sandboxUrl), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(taxpayer),
    });
    if (!res.ok) throw new Error(`PAC sandbox refused ${rfc}: ${res.status} ${await res.text()}`);
  }
}
