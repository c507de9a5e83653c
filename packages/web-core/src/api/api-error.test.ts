import {
  FISCAL_ADDRESS_MESSAGE,
  GENERIC_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  readError,
  toUserMessage,
} from '@cuota/web-core/api/api-error';

describe('the fiscal-address message (spec §5)', () => {
  test.each([
    'El campo DomicilioFiscalReceptor del receptor, debe pertenecer al nombre asociado al RFC registrado en el campo Rfc del Receptor.',
    "The receiver's fiscal address does not match the RFC",
    'Receiver address must belong to the taxpayer',
  ])('replaces %p', (message) => {
    expect(toUserMessage(message)).toBe(FISCAL_ADDRESS_MESSAGE);
  });

  test.each([
    'El RFC no está inscrito en el SAT.',
    'El domicilio fiscal es obligatorio.',
    'Your address was saved',
  ])('leaves %p as received', (message) => {
    expect(toUserMessage(message)).toBe(message);
  });
});

describe('readError', () => {
  test('shows the BFF message of an HTTP error', () => {
    const error = { status: 409, data: { error: { code: 'CONFLICT', message: 'Ya existe.' } } };
    expect(readError(error)).toEqual({ status: 409, code: 'CONFLICT', message: 'Ya existe.' });
  });

  test('explains a network failure', () => {
    expect(readError({ status: 'FETCH_ERROR', error: 'TypeError' }).message).toBe(
      NETWORK_ERROR_MESSAGE,
    );
  });

  test('falls back to a generic Spanish message for anything else', () => {
    expect(readError(new Error('boom')).message).toBe(GENERIC_ERROR_MESSAGE);
    expect(readError({ status: 500, data: '<html>' })).toEqual({
      status: 500,
      code: null,
      message: GENERIC_ERROR_MESSAGE,
    });
  });
});
