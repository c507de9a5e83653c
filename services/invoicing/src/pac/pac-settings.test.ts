import { readInvoicingSettings } from '../invoicing-settings';

const base = {
  INVOICING_SECRETS_KEY: Buffer.alloc(32).toString('base64'),
  PAC_URL: 'https://services.test.sw.com.mx',
};

describe('PAC settings from the environment', () => {
  test('an account: SW by default, SAT’s production consulta, a 20 s timeout', () => {
    const { pac } = readInvoicingSettings({ ...base, PAC_USER: 'u@escuela.mx', PAC_PASSWORD: 'p' });
    expect(pac).toEqual({
      provider: 'sw',
      url: 'https://services.test.sw.com.mx',
      credentials: { user: 'u@escuela.mx', password: 'p' },
      satConsultaUrl: 'https://consultaqr.facturaelectronica.sat.gob.mx/ConsultaCFDIService.svc',
      timeoutMs: 20_000,
    });
  });

  test('an infinite token instead of the account', () => {
    expect(readInvoicingSettings({ ...base, PAC_TOKEN: 'T2lYQ0t4L0' }).pac.credentials).toEqual({
      token: 'T2lYQ0t4L0',
    });
  });

  test('neither, or a provider not implemented, stops the service at start', () => {
    expect(() => readInvoicingSettings({ ...base, PAC_USER: 'u@escuela.mx' })).toThrow(
      'PAC_USER: hace falta PAC_TOKEN, o PAC_USER y PAC_PASSWORD',
    );
    expect(() =>
      readInvoicingSettings({ ...base, PAC_TOKEN: 't', PAC_PROVIDER: 'finkok' }),
    ).toThrow(/PAC_PROVIDER/);
  });
});
