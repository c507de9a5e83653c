import { bffExtraFlags } from './bff-flags.ts';

test('the BFF gets extra Node flags only when CUOTA_BFF_FLAGS names them', () => {
  expect(bffExtraFlags({})).toEqual([]);
  expect(bffExtraFlags({ CUOTA_BFF_FLAGS: '  ' })).toEqual([]);
  expect(bffExtraFlags({ CUOTA_BFF_FLAGS: ' --trace-gc  --max-old-space-size=512 ' })).toEqual([
    '--trace-gc',
    '--max-old-space-size=512',
  ]);
});
