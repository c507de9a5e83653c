import { HttpError } from '@cuota/service-runtime/http/http-error';
import {
  configChanges,
  dashboardConfig,
  formChanges,
  statusMoveRefusal,
  useKushkiSandbox,
} from './school-rules';

describe('the school form', () => {
  test('only the fields sent change; a cleared field becomes null', () => {
    expect(formChanges({ name: 'Colegio Nuevo', address: null }, {})).toEqual({
      name: 'Colegio Nuevo',
      legalName: undefined,
      taxId: undefined,
      taxRegime: undefined,
      taxZipCode: undefined,
      contactEmail: undefined,
      contactPhone: undefined,
      address: null,
    });
  });

  test('the sandbox switch changes only its key of the stored configuration', () => {
    const stored = { use_kushki_sandbox: true, theme: 'verde' };
    expect(formChanges({ use_kushki_sandbox: false }, stored).configDashboard).toEqual({
      use_kushki_sandbox: false,
      theme: 'verde',
    });
    expect(formChanges({ name: 'X' }, stored)).not.toHaveProperty('configDashboard');
  });

  test('a stored configuration that is not an object reads as empty, the switch as off', () => {
    for (const stored of [null, undefined, 'sí', [true], 7])
      expect([dashboardConfig(stored), useKushkiSandbox(stored)]).toEqual([{}, false]);
    expect(useKushkiSandbox({ use_kushki_sandbox: 'true' })).toBe(false);
    expect(useKushkiSandbox({ use_kushki_sandbox: true })).toBe(true);
  });
});

describe('the back office configuration', () => {
  const config = {
    kind: 'k12',
    status: 'paused',
    config_dashboard: { use_kushki_sandbox: false },
    gateway_credentials_ref: 'kushki/demo',
  } as const;

  test('an allowed status move sets every field and keeps other configuration keys', () => {
    expect(configChanges('operando', config, { theme: 'verde', use_kushki_sandbox: true })).toEqual(
      {
        kind: 'k12',
        status: 'paused',
        configDashboard: { theme: 'verde', use_kushki_sandbox: false },
        gatewayCredentialsRef: 'kushki/demo',
      },
    );
  });

  test('a refused move is a Spanish 409 naming both statuses', () => {
    const refusal = statusMoveRefusal('baja', 'operando');
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({
      status: 409,
      message: 'Una escuela «Dada de baja» no puede pasar a «Operando».',
    });
    expect(() => configChanges('paused', { ...config, status: 'onboarding' }, {})).toThrow(
      'Una escuela «En pausa» no puede pasar a «En incorporación».',
    );
    expect(statusMoveRefusal('paused', 'paused')).toBeNull();
  });
});
