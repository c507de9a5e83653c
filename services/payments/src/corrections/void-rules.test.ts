import { voidRefusal, type VoidablePayin } from './void-rules';

const now = new Date('2026-09-05T18:00:00Z');
const treasurer = { userId: 'u-tesoreria', mayRefund: true };
const paid = (over: Partial<VoidablePayin>): VoidablePayin => ({
  type: 'CASH_IN',
  status: 'success',
  recordedBy: 'u-caja',
  paidAt: new Date('2026-09-05T16:00:00Z'),
  publicMerchantId: null,
  ...over,
});

test('a desk payin is voided; one paid through the gateway (SPEI, voucher) is not, even by treasury', () => {
  expect(voidRefusal(paid({}), treasurer, now)).toBeNull();
  expect(voidRefusal(paid({ type: 'TRANSFER_IN', publicMerchantId: 'pm-1' }), treasurer, now)).toBe(
    'gateway',
  );
  expect(voidRefusal(paid({ type: 'CASH_IN', publicMerchantId: 'pm-1' }), treasurer, now)).toBe(
    'gateway',
  );
  expect(voidRefusal(paid({ type: 'CARD', publicMerchantId: 'pm-1' }), treasurer, now)).toBe(
    'card',
  );
});
