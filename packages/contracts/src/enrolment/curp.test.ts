import { curpCheckDigit } from './curp';

describe('curpCheckDigit', () => {
  // python-stdnum's example and public validators' test CURPs (reference/mexico.md §1.5).
  test.each([
    ['BOXW310820HNERXN09'],
    ['BOXW010820HNERXNA1'],
    ['MAAR790213HMNRLF03'],
    ['HEGG560427MVZRRL04'],
    ['TUAZ040213MCLRLFA7'],
    ['PEGL890909MJCRMS08'],
    ['VIAA900930MMNCLL08'],
  ])('computes the last character of %s', (curp) => {
    expect(curpCheckDigit(curp.slice(0, 17))).toBe(curp.slice(17));
  });

  test('a changed character changes the digit', () => {
    expect(curpCheckDigit('BOXW310820HNERXN1')).not.toBe('9');
  });

  test('refuses what is not the 17 characters before the digit', () => {
    expect(() => curpCheckDigit('BOXW310820HNERXN')).toThrow(RangeError);
    expect(() => curpCheckDigit('BOXW310820HNERX-0')).toThrow(/no válido/);
  });
});
