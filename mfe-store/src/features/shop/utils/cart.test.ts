import { toggleLine } from './cart';
import { withHandedOver } from './cart-storage';

test('toggling a chosen variant removes only that line; toggling an absent one adds it once', () => {
  const cart = [
    { variant_id: 'a', quantity: 2 },
    { variant_id: 'b', quantity: 1 },
  ];
  expect(toggleLine(cart, 'a')).toEqual([{ variant_id: 'b', quantity: 1 }]);
  expect(toggleLine(cart, 'c')).toEqual([...cart, { variant_id: 'c', quantity: 1 }]);
});

test("the cart <cuota-store> hands over joins this browser's; bad pairs are dropped", () => {
  const mine = [{ variant_id: 'a', quantity: 2 }];
  expect(withHandedOver(mine, '?lineas=a:5,b:3,c:0,d:x,e:1.5')).toEqual([
    { variant_id: 'a', quantity: 2 },
    { variant_id: 'b', quantity: 3 },
  ]);
  expect(withHandedOver(mine, '')).toEqual(mine);
});
