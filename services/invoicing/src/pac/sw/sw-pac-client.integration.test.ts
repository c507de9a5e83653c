/**
 * The SW adapter against the PAC sandbox (infra/sandboxes/pac, itself held to SW's published
 * examples): tokens kept, renewed and replaced, stamps and their refusals, the 307 after a
 * lost answer, cancellation signed with the school's CSD, and SAT's consulta.
 */
import { startPacSandbox, type PacSandbox } from '@cuota/infra/sandboxes/pac/pac-sandbox.ts';
import { DEMO_SCHOOL, GUARDIAN, SCENARIOS } from '../../cfdi/cfdi-fixtures';
import { loadCsd, type CsdFiles } from '../../cfdi/csd';
import { generateDemoCsd } from '../../cfdi/demo-csd';
import type { ReceptorInput } from '../../cfdi/invoice-input';
import { issueCfdi } from '../../cfdi/issue-cfdi';
import { parseStampedCfdi } from '../../cfdi/stamped-cfdi';
import { controlPac, PAC_ACCOUNT, pacSettingsFor } from '../../test-support/invoicing-test-system';
import type { PacSettings } from '../pac-settings';
import { SwPacClient } from './sw-pac-client';

const HOUR_MS = 60 * 60 * 1000;
const password = 'contraseña-csd';
const files: CsdFiles = {
  ...generateDemoCsd({
    rfc: DEMO_SCHOOL.rfc,
    legalName: DEMO_SCHOOL.legalName,
    password,
    validFrom: new Date(Date.now() - 24 * HOUR_MS),
  }),
  password,
};
const csd = loadCsd(files);
let pac: PacSandbox;
let pacNow = new Date();
let folio = 0;

beforeAll(async () => {
  pac = await startPacSandbox({ port: 0, account: PAC_ACCOUNT, now: () => pacNow });
  await controlPac(pac.url, 'PUT', `/taxpayers/${GUARDIAN.rfc}`, {
    name: GUARDIAN.name,
    postal_code: GUARDIAN.postalCode,
    regimes: [GUARDIAN.regimenFiscal],
  });
});
afterAll(() => pac.stop());
beforeEach(() => {
  pacNow = new Date();
});

/** A colegiatura sealed now, a new document each time (its own folio). */
function sealed(receptor: ReceptorInput = GUARDIAN) {
  const now = new Date();
  return issueCfdi(
    {
      ...SCENARIOS['colegiatura sola'],
      folio: String(++folio),
      receptor,
      issuedAt: now,
      payment: { method: 'transfer', paidAt: now },
    },
    csd,
  ).xml;
}

/** A generous timeout: on a busy machine a stamp (xmllint, xsltproc) takes seconds. */
function client(settings: Partial<PacSettings> = {}, now?: () => number) {
  return new SwPacClient({ ...pacSettingsFor(pac, 20_000), ...settings }, now);
}

async function stampedUuid(pacClient = client()): Promise<string> {
  const outcome = await pacClient.stamp(sealed());
  if (outcome.kind !== 'stamped') throw new Error(JSON.stringify(outcome));
  return outcome.uuid;
}

describe('authentication', () => {
  test('one token serves every call until shortly before it expires, then a new one', async () => {
    let now = Date.now();
    const sw = client({}, () => now);
    const issued = pac.auth.issued;
    await Promise.all([stampedUuid(sw), stampedUuid(sw)]);
    await stampedUuid(sw);
    expect(pac.auth.issued - issued).toBe(1);

    now += 2 * HOUR_MS - 4 * 60_000; // within five minutes of the two hours
    await stampedUuid(sw);
    expect(pac.auth.issued - issued).toBe(2);
  });

  test('a token SW no longer accepts (expired on its clock) is replaced once, and the call succeeds', async () => {
    const sw = client();
    await stampedUuid(sw);
    const issued = pac.auth.issued;
    pacNow = new Date(Date.now() + 3 * HOUR_MS);
    // SW's clock is ahead: the token the adapter keeps is refused; Fecha is still within 72 h.
    expect((await sw.stamp(sealed())).kind).toBe('stamped');
    expect(pac.auth.issued - issued).toBe(1);
  });

  test('wrong credentials leave the PAC unavailable, with SW’s reason', async () => {
    const outcome = await client({ credentials: { ...PAC_ACCOUNT, password: 'otra' } }).stamp(
      sealed(),
    );
    expect(outcome).toEqual({
      kind: 'unavailable',
      reason:
        'el PAC no dio un token (AU2000 - El usuario y/o contraseña son inválidos, no se puede autenticar el servicio.)',
    });
  });

  test('an infinite token is used as given; when SW refuses it there is no other to try', async () => {
    const withInfinite = await startPacSandbox({
      port: 0,
      account: { ...PAC_ACCOUNT, infiniteToken: 'token-infinito' },
    });
    try {
      await controlPac(withInfinite.url, 'PUT', `/taxpayers/${GUARDIAN.rfc}`, {
        name: GUARDIAN.name,
        postal_code: GUARDIAN.postalCode,
        regimes: [GUARDIAN.regimenFiscal],
      });
      const settings = {
        ...pacSettingsFor(withInfinite),
        credentials: { token: 'token-infinito' },
      };
      expect((await new SwPacClient(settings).stamp(sealed())).kind).toBe('stamped');
      const revoked = { ...settings, credentials: { token: 'otro.token.revocado' } };
      expect(await new SwPacClient(revoked).stamp(sealed())).toEqual({
        kind: 'unavailable',
        reason: 'el PAC no aceptó el token',
      });
      expect(withInfinite.auth.issued).toBe(0);
    } finally {
      await withInfinite.stop();
    }
  });
});

describe('stamping', () => {
  test('a stamp answers the UUID and the stamped CFDI', async () => {
    const xml = sealed();
    const outcome = await client().stamp(xml);
    expect(outcome.kind).toBe('stamped');
    if (outcome.kind !== 'stamped') return;
    const { comprobante, timbre } = parseStampedCfdi(outcome.xml);
    expect(timbre.UUID).toBe(outcome.uuid);
    expect(comprobante.Sello).toBe(/ Sello="([^"]+)"/.exec(xml)![1]);
  });

  test('stamp, lose the answer, retry: SW’s 307 gives the same UUID, and there is one stamp', async () => {
    const sw = client();
    const xml = sealed();
    await controlPac(pac.url, 'PUT', '/behaviour', { lose_next_answers: 1 });

    const lost = await sw.stamp(xml);
    expect(lost.kind).toBe('unavailable');
    const retry = await sw.stamp(xml);
    expect(retry.kind).toBe('stamped');
    const sello = / Sello="([^"]+)"/.exec(xml)![1];
    const stamps = pac.state.stamps().filter((s) => s.sello_cfd === sello);
    expect(stamps).toHaveLength(1);
    expect(retry).toMatchObject({ uuid: stamps[0]!.uuid, xml: stamps[0]!.xml });
  });

  test('SAT’s refusal is final, with SAT’s code and text', async () => {
    const mistyped = { ...GUARDIAN, postalCode: '99999' };
    expect(await client().stamp(sealed(mistyped))).toEqual({
      kind: 'rejected',
      code: 'CFDI40147',
      message:
        'El campo DomicilioFiscalReceptor del receptor, debe encontrarse en la lista de RFC inscritos no cancelados en el SAT.',
    });
  });

  test('a PAC that is down or slower than the timeout is unavailable', async () => {
    await controlPac(pac.url, 'PUT', '/behaviour', { fail_next_stamps: 1, fail_status: 503 });
    expect(await client().stamp(sealed())).toEqual({ kind: 'unavailable', reason: 'HTTP 503' });
    await controlPac(pac.url, 'PUT', '/behaviour', { slow_next_stamps: 1, slow_ms: 1_500 });
    expect(await client({ timeoutMs: 500 }).stamp(sealed())).toEqual({
      kind: 'unavailable',
      reason: 'sin respuesta en 500 ms',
    });
    await pac.behaviour.quiet();
  });
});

describe('cancellation and status', () => {
  const cfdiOf = (uuid: string) => ({
    uuid,
    issuerRfc: DEMO_SCHOOL.rfc,
    receptorRfc: GUARDIAN.rfc,
    total: '4850.00',
    sello: pac.state.stamp(uuid)!.sello_cfd,
  });

  test('signed with the school’s CSD, SAT takes it (201, with an acuse); asked again, 202', async () => {
    const sw = client();
    const uuid = await stampedUuid(sw);
    expect(await sw.status(cfdiOf(uuid))).toEqual({
      kind: 'found',
      state: 'active',
      cancellable: 'without_acceptance',
      cancellation: 'none',
    });

    const first = await sw.cancel({ uuid, issuerRfc: DEMO_SCHOOL.rfc, motive: '02', csd: files });
    expect(first).toMatchObject({ kind: 'requested', folioStatus: '201' });
    expect(first.kind === 'requested' && first.acuse).toContain(`<UUID>${uuid}</UUID>`);
    const cancelled = await sw.status(cfdiOf(uuid));
    expect(cancelled).toMatchObject({ state: 'cancelled', cancellable: 'not_cancellable' });
    expect(cancelled).toMatchObject({ cancellation: 'cancelled_without_acceptance' });
    const again = await sw.cancel({ uuid, issuerRfc: DEMO_SCHOOL.rfc, motive: '02', csd: files });
    expect(again).toMatchObject({ kind: 'requested', folioStatus: '202' });
  });

  test('motive 01 names its substitute; without one, or with a wrong CSD password, SAT or SW refuse', async () => {
    const sw = client();
    const [wrong, substitute] = [await stampedUuid(sw), await stampedUuid(sw)];
    const request = { uuid: wrong, issuerRfc: DEMO_SCHOOL.rfc, motive: '01' as const, csd: files };

    expect(await sw.cancel(request)).toEqual({
      kind: 'refused',
      code: '208',
      message: 'El folio de sustitución no es válido.',
    });
    expect(
      await sw.cancel({
        ...request,
        substituteUuid: substitute,
        csd: { ...files, password: 'otra' },
      }),
    ).toEqual({
      kind: 'refused',
      code: 'CACFDI33',
      message: 'Problemas con los campos. No se pudo abrir b64Key con la contraseña (password).',
    });
    expect(await sw.cancel({ ...request, substituteUuid: substitute })).toMatchObject({
      kind: 'requested',
      folioStatus: '201',
    });
    expect(pac.state.stamp(wrong)).toMatchObject({
      motivo_cancelacion: '01',
      folio_sustitucion: substitute,
    });
  });

  test('after the next business day it waits for the family; SAT’s status says so', async () => {
    const sw = client();
    const uuid = await stampedUuid(sw);
    pacNow = new Date(Date.now() + 10 * 24 * HOUR_MS);
    expect(
      await sw.cancel({ uuid, issuerRfc: DEMO_SCHOOL.rfc, motive: '03', csd: files }),
    ).toMatchObject({
      kind: 'requested',
      folioStatus: '201',
    });
    expect(await sw.status(cfdiOf(uuid))).toMatchObject({
      state: 'active',
      cancellable: 'with_acceptance',
      cancellation: 'in_process',
    });
    await controlPac(pac.url, 'POST', `/cancellations/${uuid}/reject`, {});
    expect(await sw.status(cfdiOf(uuid))).toMatchObject({
      state: 'active',
      cancellation: 'rejected',
    });
  });

  test('SAT does not know an unknown CFDI; an unreachable consulta is unavailable', async () => {
    const unknown = {
      ...cfdiOf(await stampedUuid()),
      uuid: '6F1C2C11-90B4-4D2B-9C55-3A8C0E7D1A11',
    };
    expect(await client().status(unknown)).toEqual({
      kind: 'not_found',
      code: 'N - 602: Comprobante no encontrado.',
    });
    const nowhere = client({ satConsultaUrl: 'http://127.0.0.1:9/ConsultaCFDIService.svc' });
    expect((await nowhere.status(unknown)).kind).toBe('unavailable');
  });
});
