import { extraNodeFlags } from './node-flags.ts';

test('a part gets extra Node flags only when its variable names them', () => {
  expect(extraNodeFlags('CUOTA_BFF_FLAGS', {})).toEqual([]);
  expect(extraNodeFlags('CUOTA_BFF_FLAGS', { CUOTA_BFF_FLAGS: '  ' })).toEqual([]);
  expect(
    extraNodeFlags('CUOTA_BFF_FLAGS', {
      CUOTA_BFF_FLAGS: ' --trace-gc  --max-old-space-size=512 ',
    }),
  ).toEqual(['--trace-gc', '--max-old-space-size=512']);
});

test("the BFF's flags are not the services' and the services' not the BFF's", () => {
  const env = { CUOTA_BFF_FLAGS: '--trace-gc', CUOTA_SERVICE_FLAGS: '--max-semi-space-size=8' };
  expect(extraNodeFlags('CUOTA_BFF_FLAGS', env)).toEqual(['--trace-gc']);
  expect(extraNodeFlags('CUOTA_SERVICE_FLAGS', env)).toEqual(['--max-semi-space-size=8']);
});
