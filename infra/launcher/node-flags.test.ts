import { extraNodeFlags } from './node-flags.ts';

test('a part gets extra Node flags only when its variable names them', () => {
  expect(extraNodeFlags('bff', {})).toEqual([]);
  expect(extraNodeFlags('bff', { CUOTA_BFF_FLAGS: '  ' })).toEqual([]);
  expect(
    extraNodeFlags('bff', {
      CUOTA_BFF_FLAGS: ' --trace-gc  --max-old-space-size=512 ',
    }),
  ).toEqual(['--trace-gc', '--max-old-space-size=512']);
});

test("the BFF's flags are not the services' and the services' not the BFF's", () => {
  const env = { CUOTA_BFF_FLAGS: '--trace-gc', CUOTA_SERVICE_FLAGS: '--max-semi-space-size=8' };
  expect(extraNodeFlags('bff', env)).toEqual(['--trace-gc']);
  expect(extraNodeFlags('service', env)).toEqual(['--max-semi-space-size=8']);
});
