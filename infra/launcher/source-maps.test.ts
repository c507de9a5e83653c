import { sourceMapFlags } from './source-maps.ts';

test('services and the BFF run without source maps unless CUOTA_SOURCE_MAPS=1 asks', () => {
  expect(sourceMapFlags({})).toEqual([]);
  expect(sourceMapFlags({ CUOTA_SOURCE_MAPS: '0' })).toEqual([]);
  expect(sourceMapFlags({ CUOTA_SOURCE_MAPS: '1' })).toEqual(['--enable-source-maps']);
});
