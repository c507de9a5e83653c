import {
  POSTAL_CODE_MESSAGE,
  isRetryableStatus,
  messageForFamily,
  retryDelayMs,
} from './pac-rejection-rules';

describe('messageForFamily (spec §5)', () => {
  test.each([
    'El campo DomicilioFiscalReceptor del receptor, debe pertenecer al nombre asociado al RFC registrado en el campo Rfc del Receptor.',
    'El campo DomicilioFiscalReceptor del receptor, debe encontrarse en la lista de RFC inscritos no cancelados en el SAT.',
    'El domicilio fiscal debe pertenecer al contribuyente.',
  ])('rewrites a message about the fiscal address and the RFC: %s', (message) => {
    expect(messageForFamily(message)).toBe(POSTAL_CODE_MESSAGE);
  });

  test.each([
    'Este RFC del receptor no existe en la lista de RFC inscritos no cancelados del SAT.',
    'El campo DomicilioFiscalReceptor, no es igual al valor del campo LugarExpedicion.',
    'La clave del campo RegimenFiscalR no corresponde de acuerdo al RFC del receptor.',
  ])('shows any other message as received: %s', (message) => {
    expect(messageForFamily(message)).toBe(message);
  });
});

describe('isRetryableStatus', () => {
  test('5xx, 408 and 429 are worth a retry; other 4xx are final', () => {
    expect([500, 502, 503, 504, 408, 429].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 415, 422].some(isRetryableStatus)).toBe(false);
  });
});

describe('retryDelayMs', () => {
  test('doubles from the base up to the cap, within ±20 %', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, 1000, 10_000, middle))).toEqual([
      1000, 2000, 4000, 8000, 10_000,
    ]);
    expect(retryDelayMs(1, 1000, 10_000, () => 0)).toBe(800);
    expect(retryDelayMs(1, 1000, 10_000, () => 0.999_999)).toBe(1200);
    expect(retryDelayMs(10_000, 1000, 60_000, middle)).toBe(60_000);
  });
});
