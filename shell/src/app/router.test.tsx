/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { remoteAt } from './router';

test('the remote a path opens', () => {
  expect(remoteAt('/guardians/abc')).toBe('mfe_portal');
  expect(remoteAt('/guardians/abc/payments/history')).toBe('mfe_portal');
  expect(remoteAt('/dashboard')).toBe('mfe_dashboard');
  expect(remoteAt('/store/items')).toBe('mfe_store');
  expect(remoteAt('/')).toBeUndefined();
  expect(remoteAt('/cookies-error')).toBeUndefined();
});
