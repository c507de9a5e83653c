import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { setQuantity, toggleLine, type CartLine } from '../utils/cart';
import { loadCart, saveCart, withHandedOver } from '../utils/cart-storage';

interface CartState {
  cart: CartLine[];
  toggle: (variantId: string) => void;
  setQuantity: (variantId: string, quantity: number) => void;
  clear: () => void;
}

const CartContext = createContext<CartState | null>(null);

/** One cart per school for every store page, kept in local storage across visits. */
export function CartProvider({ schoolId, children }: { schoolId: string; children: ReactNode }) {
  const [cart, setCart] = useState<CartLine[]>(() =>
    withHandedOver(loadCart(schoolId), window.location.search),
  );
  useEffect(() => saveCart(schoolId, cart), [schoolId, cart]);
  const state = useMemo<CartState>(
    () => ({
      cart,
      toggle: (variantId) => setCart((c) => toggleLine(c, variantId)),
      setQuantity: (variantId, quantity) => setCart((c) => setQuantity(c, variantId, quantity)),
      clear: () => setCart([]),
    }),
    [cart],
  );
  return <CartContext.Provider value={state}>{children}</CartContext.Provider>;
}

export function useCart(): CartState {
  const state = useContext(CartContext);
  if (!state) throw new Error('useCart outside a CartProvider');
  return state;
}
