/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { withUtm } from '@cuota/web-core/routing/utm';

test('carries the five utm parameters of the current page to the destination', () => {
  const current =
    '?utm_source=mail&utm_medium=email&utm_campaign=enero&utm_term=colegiatura&utm_content=boton&page=2';
  expect(withUtm('/guardians/abc/students#top', current)).toEqual({
    pathname: '/guardians/abc/students',
    search:
      '?utm_source=mail&utm_medium=email&utm_campaign=enero&utm_term=colegiatura&utm_content=boton',
    hash: '#top',
  });
});

test('keeps what the destination already says and adds nothing without campaign data', () => {
  expect(withUtm('/store?utm_source=web&q=1', '?utm_source=mail&utm_medium=email')).toEqual({
    pathname: '/store',
    search: '?utm_source=web&q=1&utm_medium=email',
  });
  expect(withUtm({ pathname: 'login' }, '?other=1')).toEqual({ pathname: 'login', search: '' });
});
