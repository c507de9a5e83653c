import { endOfStatus, refusalNote, RECEPTOR_REJECTED } from './cancellation-rules';

const found = (over: object) =>
  ({
    kind: 'found',
    state: 'active',
    cancellable: 'with_acceptance',
    cancellation: 'none',
    ...over,
  }) as const;

test('SAT shows the CFDI cancelled: the cancellation ends «Cancelada»', () => {
  for (const cancellation of [
    'cancelled_without_acceptance',
    'cancelled_with_acceptance',
    'expired_acceptance',
  ] as const)
    expect(endOfStatus(found({ state: 'cancelled', cancellation }))).toEqual({ state: 'canceled' });
});

test('the receptor rejected: the invoice stands, saying so', () => {
  expect(endOfStatus(found({ cancellation: 'rejected' }))).toEqual({
    state: 'rejected',
    note: RECEPTOR_REJECTED,
  });
});

test('still waiting, not listed yet or SAT unreachable: keep asking', () => {
  expect(endOfStatus(found({ cancellation: 'in_process' }))).toBeNull();
  expect(endOfStatus({ kind: 'not_found', code: '601' })).toBeNull();
  expect(endOfStatus({ kind: 'unavailable', reason: 'timeout' })).toBeNull();
});

test("SAT's refusal reads as SAT's", () => {
  expect(
    refusalNote({ kind: 'refused', code: '204', message: 'Tiene CFDI relacionados vigentes.' }),
  ).toBe('El SAT no canceló la factura: Tiene CFDI relacionados vigentes.');
});
