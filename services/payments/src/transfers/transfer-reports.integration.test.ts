import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  PROOF_MAX_BYTES,
  transferReportListSchema,
  transferReportSchema,
} from '@cuota/contracts/payments/transfer-reports';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { balancesOfSchool } from '../ledger/ledger-repository';
import { sha256Of } from './proof-store';
import { PROOF_GRACE_MS, sweepUnusedProofs } from './sweep-unused-proofs';
import { ledgerIsRight } from '../test-support/ledger-after-reversal';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import type { BilledOrder } from '../test-support/real-billing';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(90_000);

/** A family reports a SPEI transfer with its proof; staff confirm or reject it (ADR 0036). */
let h: PaymentsHarness;
let school: SchoolFixture;
let other: SchoolFixture;
let ana: string;
let luis: string;
let anaMarch: BilledOrder;
let luisMarch: BilledOrder;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_transfers' });
  [school, other] = h.schools as [SchoolFixture, SchoolFixture];
  [ana, luis] = school.families[0]!.studentIds as [string, string];
  [anaMarch, luisMarch] = (await h.bill(school, [ana, luis], {
    period: '2026-03',
    dueOn: '2026-03-10',
  })) as [BilledOrder, BilledOrder];
  // The bill run's posting is in the books before any test counts them.
  await ledgerIsRight(h, school, []);
}, 120_000);
afterAll(() => h?.stop());

const payinPath = (payin: string, schoolId = school.id) =>
  `/api/v1/schools/${schoolId}/payins/${payin}/`;
const report = (
  payin: string,
  json: object,
  as: IdentityClaims = h.guardian(school),
  key = randomUUID(),
) =>
  h.call(as, `${payinPath(payin)}report-as-paid/`, {
    method: 'POST',
    json,
    headers: { 'idempotency-key': key },
  });
const upload = (payin: string, file: Blob, name: string, as = h.guardian(school)) => {
  const form = new FormData();
  form.append('file', file, name);
  return h.call(as, `${payinPath(payin)}upload-proof-of-payment/`, { method: 'PUT', form });
};
const decide = (payin: string, action: 'confirm' | 'reject', as: IdentityClaims, json?: object) =>
  h.call(as, `/api/v1/dashboard/schools/${school.id}/payins/${payin}/${action}-transfer/`, {
    method: 'POST',
    json,
  });
const list = (as: IdentityClaims, query = '') =>
  h.call(as, `/api/v1/schools/${school.id}/transfer-reports/${query}`);
const pdf = new Blob([Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n')], {
  type: 'application/pdf',
});
const anaPaid = (over: object = {}) => ({
  student_id: ana,
  order_ids: [anaMarch.id],
  amount_centavos: 350_000,
  paid_on: '2026-03-05',
  reference: 'MBAN01002603050001',
  ...over,
});
const moneyMoved = () => Promise.all([h.count('ledger_transactions'), h.count('allocations')]);

let reported: string;

test('a family reports a transfer with its proof: once per key, pending for staff', async () => {
  const before = await moneyMoved();
  reported = randomUUID();
  const key = randomUUID();
  const answers = await Promise.all(
    Array.from({ length: 5 }, () => report(reported, anaPaid(), h.guardian(school), key)),
  );
  for (const a of answers) expect(a.status).toBe(201);
  const first = transferReportSchema.parse(answers[0]!.body);
  expect(first).toMatchObject({
    payin_id: reported,
    status: 'pending',
    student_name: 'Ana Pérez 00',
    amount_centavos: 350_000,
    reference: 'MBAN01002603050001',
    proof: null,
  });
  expect(await h.count('payins', 'id = $1', [reported])).toBe(1);
  expect(await h.count('transfer_reports')).toBe(1);
  // The same report id with another request is not a retry.
  const changed = await report(reported, anaPaid({ amount_centavos: 100 }));
  expect(changed.status).toBe(422);

  const uploaded = await upload(reported, pdf, 'spei.pdf');
  expect(uploaded.status).toBe(200);
  expect(uploaded.body.proof).toMatchObject({
    content_type: 'application/pdf',
    file_name: 'spei.pdf',
  });
  const script = new Blob(['<script>alert(1)</script>'], { type: 'application/pdf' });
  const refused = await upload(reported, script, 'spei.pdf');
  expect(refused.status).toBe(415);
  expect(refused.body.error.message).toBe('El comprobante debe ser un PDF o una imagen JPG o PNG.');
  const huge = new Blob([Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(PROOF_MAX_BYTES)])], {
    type: 'application/pdf',
  });
  const tooBig = await upload(reported, huge, 'grande.pdf');
  expect(tooBig.status).toBe(413);
  expect(tooBig.body.error.message).toBe(
    'El comprobante pesa más de 5 MB. Sube un archivo más ligero.',
  );

  const pending = transferReportListSchema.parse(
    (await list(h.staff('CASH_COLLECTION'), '?status=pending')).body,
  );
  expect(pending.results.map((r) => r.payin_id)).toEqual([reported]);
  const proof = await h.call(h.staff('TREASURER'), `${payinPath(reported)}proof-of-payment/`);
  expect(proof.status).toBe(200);
  expect(proof.headers.get('content-type')).toContain('application/pdf');
  expect(Buffer.from(proof.body).toString('latin1')).toMatch(/^%PDF-1\.4/);
  // The file is in the proof store, named by its SHA-256; the row keeps no bytes (ADR 0045).
  const sha256 = sha256Of(Buffer.from(await pdf.arrayBuffer()));
  const { rows } = await h.books.$client.query(
    'SELECT sha256, bytes, size_bytes FROM payment_proofs WHERE payin_id = $1',
    [reported],
  );
  expect(rows).toEqual([{ sha256, bytes: null, size_bytes: pdf.size }]);
  expect(readdirSync(path.join(h.proofDirectory, sha256.slice(0, 2)))).toEqual([sha256]);
  // Another family sees neither the report nor its proof.
  expect((await list(h.guardian(school, 1))).body.results).toEqual([]);
  expect(
    (await h.call(h.guardian(school, 1), `${payinPath(reported)}proof-of-payment/`)).status,
  ).toBe(404);
  expect(await moneyMoved()).toEqual(before);
});

test('staff confirm it: it pays like the desk, with a folio, once under ten confirmations', async () => {
  const bankBefore = (await balancesOfSchool(h.service.db, school.id)).bank ?? 0;
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => decide(reported, 'confirm', h.staff('CASH_COLLECTION'))),
  );
  for (const a of answers) expect(a.status).toBe(200);
  const confirmed = transferReportSchema.parse(answers[0]!.body);
  expect(confirmed.status).toBe('success');
  expect(confirmed.receipt_number).toMatch(/^R-\d{6}$/);
  expect(new Set(answers.map((a) => a.body.receipt_number)).size).toBe(1);
  expect(await h.count('allocations', 'payin_id = $1', [reported])).toBe(1);
  const books = await balancesOfSchool(h.service.db, school.id);
  expect(books.bank! - bankBefore).toBe(350_000);
  await h.realBilling.waitForPaid(anaMarch);
  await ledgerIsRight(h, school, []);

  const late = await decide(reported, 'reject', h.staff('TREASURER'), { reason: 'No llegó' });
  expect(late.status).toBe(409);
  expect(late.body.error.message).toBe('Esta transferencia ya se confirmó.');
  const gone = await h.call(h.guardian(school), payinPath(reported), { method: 'DELETE' });
  expect(gone.status).toBe(409);
});

test('staff reject one with a reason the family reads; a family deletes its pending one', async () => {
  const rejected = randomUUID();
  expect(
    (await report(rejected, anaPaid({ student_id: luis, order_ids: [luisMarch.id] }))).status,
  ).toBe(201);
  const no = await decide(rejected, 'reject', h.staff('TREASURER'), {
    reason: 'No encontramos la transferencia en el banco',
  });
  expect(no.status).toBe(200);
  expect(no.body).toMatchObject({
    status: 'failed',
    rejection_reason: 'No encontramos la transferencia en el banco',
  });
  const mine = transferReportListSchema.parse((await list(h.guardian(school))).body);
  expect(mine.results.find((r) => r.payin_id === rejected)?.status).toBe('failed');
  expect((await decide(rejected, 'confirm', h.staff('OWNER'))).status).toBe(409);

  const deleted = randomUUID();
  const before = await moneyMoved();
  expect(
    (await report(deleted, anaPaid({ student_id: luis, order_ids: [luisMarch.id] }))).status,
  ).toBe(201);
  expect(
    (await h.call(h.guardian(school, 1), payinPath(deleted), { method: 'DELETE' })).status,
  ).toBe(404);
  expect((await h.call(h.staff('OWNER'), payinPath(deleted), { method: 'DELETE' })).status).toBe(
    403,
  );
  for (let i = 0; i < 2; i++)
    expect(
      (await h.call(h.guardian(school), payinPath(deleted), { method: 'DELETE' })).status,
    ).toBe(204);
  expect(await h.count('payins', "id = $1 AND status = 'canceled'", [deleted])).toBe(1);
  const late = await decide(deleted, 'confirm', h.staff('OWNER'));
  expect(late.status).toBe(409);
  expect(late.body.error.message).toBe('La familia eliminó esta transferencia.');
  expect(await moneyMoved()).toEqual(before);
});

test('what a family may not report, and who may not decide', async () => {
  const id = randomUUID();
  const before = await h.count('payins');
  expect((await report(id, anaPaid(), h.staff('OWNER'))).status).toBe(403);
  const sofia = school.families[1]!.studentIds[0]!;
  const notMine = await report(id, anaPaid({ student_id: sofia }));
  expect(notMine.status).toBe(404);
  expect(notMine.body.error.message).toBe('No encontramos a este alumno en tu familia.');
  // Ana's March is paid: it is no longer open.
  expect((await report(id, anaPaid())).status).toBe(409);
  expect((await report(id, anaPaid(), h.guardian(other))).status).toBe(404);
  for (const [body, message] of [
    [anaPaid({ order_ids: [] }), 'Elige los cargos que pagaste.'],
    [anaPaid({ amount_centavos: 0 }), 'La cantidad debe ser mayor que cero.'],
    [anaPaid({ paid_on: '5 de marzo' }), 'Escribe una fecha válida (AAAA-MM-DD).'],
  ] as const) {
    const res = await report(id, body);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].message).toBe(message);
  }
  const noKey = await h.call(h.guardian(school), `${payinPath(id)}report-as-paid/`, {
    method: 'POST',
    json: anaPaid({ student_id: luis, order_ids: [luisMarch.id] }),
  });
  expect(noKey.status).toBe(400);
  expect(await h.count('payins')).toBe(before);

  expect((await decide(reported, 'confirm', h.staff('OTHER'))).status).toBe(403);
  expect((await decide(reported, 'confirm', h.guardian(school))).status).toBe(403);
  const elsewhere = await h.call(
    h.staff('OWNER', other),
    `/api/v1/dashboard/schools/${other.id}/payins/${reported}/confirm-transfer/`,
    { method: 'POST' },
  );
  expect(elsewhere.status).toBe(404);
  expect((await list(h.staff('OTHER'))).status).toBe(403);
});

test('a replaced proof photo is forgotten once the grace has passed; the kept one stays', async () => {
  const payin = randomUUID();
  const luisPaid = anaPaid({
    student_id: luis,
    order_ids: [luisMarch.id],
    reference: 'MBAN0100260305009',
  });
  expect((await report(payin, luisPaid)).status).toBe(201);
  const photo = (text: string) =>
    new Blob([Buffer.from(`%PDF-1.4 ${text}`)], { type: 'application/pdf' });
  expect((await upload(payin, photo('borrosa'), 'borrosa.pdf')).status).toBe(200);
  expect((await upload(payin, photo('nítida'), 'nitida.pdf')).status).toBe(200);
  const replaced = sha256Of(Buffer.from('%PDF-1.4 borrosa'));
  const kept = sha256Of(Buffer.from('%PDF-1.4 nítida'));
  const { db, proofs } = h.deps;
  // Within the grace nothing goes: an upload's row may not have committed yet.
  expect(await sweepUnusedProofs(db, proofs, new Date())).toBe(0);
  const later = new Date(Date.now() + PROOF_GRACE_MS + 60_000);
  expect(await sweepUnusedProofs(db, proofs, later)).toBe(1);
  expect(await proofs.get(replaced)).toBeNull();
  expect(await proofs.get(kept)).not.toBeNull();
  // Staff still read the report's proof; another sweep finds nothing more.
  const read = await h.call(h.staff('TREASURER'), `${payinPath(payin)}proof-of-payment/`);
  expect(Buffer.from(read.body).toString('utf8')).toBe('%PDF-1.4 nítida');
  expect(await sweepUnusedProofs(db, proofs, later)).toBe(0);
});
