import {
  AWAITING_RECEPTOR,
  cancellabilityOf,
  endOfStatus,
  refusalNote,
  RECEPTOR_REJECTED,
  waitingNote,
} from './cancellation-rules';

const found = (over: object) =>
  ({
    kind: 'found',
    state: 'active',
    cancellable: 'with_acceptance',
    cancellation: 'none',
    ...over,
  }) as const;

test('SAT shows the CFDI cancelled: «Cancelada», saying how SAT ended it', () => {
  const noteOf = (
    cancellation:
      'cancelled_without_acceptance' | 'cancelled_with_acceptance' | 'expired_acceptance',
  ) => endOfStatus(found({ state: 'cancelled', cancellation }));
  expect(noteOf('cancelled_without_acceptance')).toEqual({
    state: 'canceled',
    note: 'Cancelada sin aceptación del receptor.',
  });
  expect(noteOf('cancelled_with_acceptance')).toEqual({
    state: 'canceled',
    note: 'Cancelada: el receptor aceptó la cancelación.',
  });
  expect(noteOf('expired_acceptance')).toEqual({
    state: 'canceled',
    note: 'Cancelada: el receptor no respondió en el plazo (plazo vencido).',
  });
});

test('the receptor rejected: the invoice stands, saying so', () => {
  expect(endOfStatus(found({ cancellation: 'rejected' }))).toEqual({
    state: 'rejected',
    note: RECEPTOR_REJECTED,
  });
});

test('still waiting, not listed yet or SAT unreachable: keep asking', () => {
  expect(endOfStatus(found({ cancellation: 'in_process' }))).toBeNull();
  // Only SAT waiting for the receptor is said beside «En cancelación».
  expect(waitingNote(found({ cancellation: 'in_process' }))).toBe(AWAITING_RECEPTOR);
  expect(waitingNote({ kind: 'not_found', code: '602' })).toBeNull();
  expect(endOfStatus({ kind: 'not_found', code: '601' })).toBeNull();
  expect(endOfStatus({ kind: 'unavailable', reason: 'timeout' })).toBeNull();
});

test("SAT's refusal reads as SAT's", () => {
  expect(
    refusalNote({ kind: 'refused', code: '204', message: 'Tiene CFDI relacionados vigentes.' }),
  ).toBe('El SAT no canceló la factura: Tiene CFDI relacionados vigentes.');
});

test('before cancelling: SAT’s EsCancelable of a vigente CFDI; anything else is unknown', () => {
  expect(cancellabilityOf(found({ cancellable: 'without_acceptance' }))).toEqual({
    cancellable: 'without_acceptance',
    message: 'Cancelable sin aceptación: el SAT la cancela en cuanto lo solicites.',
  });
  expect(cancellabilityOf(found({})).cancellable).toBe('with_acceptance');
  expect(cancellabilityOf(found({ cancellable: 'not_cancellable' })).cancellable).toBe(
    'not_cancellable',
  );
  const unknown = [
    found({ state: 'cancelled', cancellable: 'not_cancellable' }),
    { kind: 'not_found', code: 'N - 602' } as const,
    { kind: 'unavailable', reason: 'HTTP 503' } as const,
    null,
  ];
  for (const status of unknown) expect(cancellabilityOf(status).cancellable).toBe('unknown');
});
