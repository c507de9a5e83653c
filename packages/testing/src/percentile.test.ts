import { percentile } from './percentile';

test('the nearest rank: a measured sample, the largest for the top percentiles', () => {
  const sorted = Array.from({ length: 200 }, (_, i) => i + 1);
  expect(percentile(sorted, 50)).toBe(100);
  expect(percentile(sorted, 95)).toBe(190);
  expect(percentile(sorted, 99)).toBe(198);
  expect(percentile(sorted, 100)).toBe(200);
  expect(percentile([3, 7, 40], 50)).toBe(7);
  expect(percentile([12], 99)).toBe(12);
});
