import type { PreferenceItem } from '@cuota/contracts/payments/preferences';
import { checkPreference } from './preference-rules';

const item = (over: Partial<PreferenceItem> = {}): PreferenceItem => ({
  order_id: 'o1',
  student_id: 's1',
  concept_name: 'Colegiatura',
  period: '2026-03',
  due_on: '2026-03-10',
  base_centavos: 350_000,
  late_fee_centavos: 0,
  ...over,
});

test('unchanged orders are valid, with no reasons', () => {
  const check = checkPreference([item()], new Map([['o1', { base: 350_000, lateFee: 0 }]]), null);
  expect(check).toEqual({
    valid: true,
    quoted_centavos: 350_000,
    owed_centavos: 350_000,
    items: [{ order_id: 'o1', quoted_centavos: 350_000, owed_centavos: 350_000, reason: null }],
    reasons: [],
  });
});

test('a late fee added since says so, with both amounts', () => {
  const check = checkPreference(
    [item()],
    new Map([['o1', { base: 350_000, lateFee: 17_500 }]]),
    null,
  );
  expect(check.valid).toBe(false);
  expect(check.owed_centavos).toBe(367_500);
  expect(check.reasons).toEqual([
    'El monto de Colegiatura (2026-03) cambió de $3,500.00 a $3,675.00 por recargos.',
  ]);
});

test('a base changed by an adjustment names no cause; an order gone owes 0', () => {
  const check = checkPreference(
    [item(), item({ order_id: 'o2', period: null, concept_name: 'Inscripción' })],
    new Map([['o1', { base: 300_000, lateFee: 0 }]]),
    null,
  );
  expect(check.reasons).toEqual([
    'El monto de Colegiatura (2026-03) cambió de $3,500.00 a $3,000.00.',
    'Inscripción ya no tiene saldo pendiente: se pagó o se canceló.',
  ]);
  expect(check.items.map((i) => i.owed_centavos)).toEqual([300_000, 0]);
});

test('a refusal (card of a high-risk family) makes it invalid even when amounts hold', () => {
  const check = checkPreference([item()], new Map([['o1', { base: 350_000, lateFee: 0 }]]), 'No.');
  expect(check).toMatchObject({ valid: false, reasons: ['No.'] });
});
