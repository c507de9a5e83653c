import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { StaffOrderDetail } from '@cuota/contracts/billing/corrections';
import { orderStatementPdf, orderStatementXml } from './order-statement';

const order: StaffOrderDetail = {
  id: 'o-1',
  school_id: 'school-1',
  student: { id: 'st-1', name: `Seán O'Connor & <Hijos> "Núñez"` },
  concept_id: 'c-1',
  concept_name: 'Colegiatura',
  concept_type: 'MONTHLY_FEE',
  period: '2026-09',
  due_on: '2026-09-10',
  amount_centavos: 485_000,
  scholarship_centavos: 48_500,
  discount_centavos: 0,
  surcharge_centavos: 0,
  total_centavos: 436_500,
  late_fee_centavos: 15_000,
  interest_forgiven: false,
  canceled_at: null,
  early_payment_discount_centavos: 0,
  paid_centavos: 100_000,
  pending_amount: 351_500,
  final_amount: 451_500,
  status: 'PARTIAL_PAID',
  is_billable: true,
  fulfillments_dependent: [],
  as_of: '2026-10-08',
  allocations: [
    {
      payin_id: 'p-1',
      base_centavos: 85_000,
      late_fee_centavos: 15_000,
      applied_at: '2026-10-01T17:00:00Z',
    },
  ],
  adjustments: [],
};

test('the XML is well formed with any name, amounts in decimal pesos', async () => {
  const xml = orderStatementXml(order).toString('utf8');
  expect(xml).toContain(`nombreAlumno="Seán O&apos;Connor &amp; &lt;Hijos&gt; &quot;Núñez&quot;"`);
  expect(xml).toContain('beca="485.00"');
  expect(xml).toContain('saldo="3515.00"');
  expect(xml).toContain('<pago fecha="2026-10-01T17:00:00Z" base="850.00" recargo="150.00"/>');
  const dir = await mkdtemp(path.join(tmpdir(), 'cargo-'));
  try {
    const file = path.join(dir, 'cargo.xml');
    await writeFile(file, xml);
    await promisify(execFile)('xmllint', ['--noout', file]); // throws on malformed XML
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the PDF is a PDF, with or without payments and corrections', async () => {
  const corrected: StaffOrderDetail = {
    ...order,
    adjustments: [
      {
        id: 'a-1',
        kind: 'due_edited',
        changes: [{ field: 'due_on', before: '2026-09-05', after: '2026-09-10' }],
        reason: 'Se entregó tarde el estado de cuenta',
        adjusted_by: 'staff-1',
        adjusted_by_name: 'Tere Tesorera',
        adjusted_at: '2026-09-02T17:00:00Z',
      },
    ],
  };
  for (const o of [order, { ...order, allocations: [] }, corrected]) {
    const pdf = await orderStatementPdf(o);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  }
});
