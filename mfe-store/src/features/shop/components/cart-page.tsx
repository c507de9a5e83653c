import { useState } from 'react';
import styled from 'styled-components';
import type { StockCheck } from '@cuota/contracts/billing/store';
import { variantLabel } from '@cuota/contracts/billing/store';
import { Button } from '@cuota/ui/button';
import { EmptyState } from '@cuota/ui/empty-state';
import { FormError } from '@cuota/ui/form-pieces';
import { MoneyText } from '@cuota/ui/money-text';
import { Page } from '@cuota/ui/page';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useNavigate } from 'react-router';
import { useOnlineStoreQuery, useValidateStockMutation } from '../api/online-store-api';
import { storePath } from '../utils/store-paths';
import { cartTotal, pricedLines } from '../utils/cart';
import { handOverSearch, inFrame } from '../utils/cart-storage';
import { useCart } from './cart-context';

const Lines = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  li {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
    align-items: center;
  }
  input {
    width: 4.5rem;
    min-height: 44px;
    font: inherit;
  }
`;

/** /store/:schoolId/carrito — what the buyer chose; stock is checked before paying. */
export function CartPage({ schoolId }: { schoolId: string }) {
  const { data } = useOnlineStoreQuery(schoolId);
  const { cart, toggle, setQuantity } = useCart();
  const [validate, { isLoading }] = useValidateStockMutation();
  const [check, setCheck] = useState<StockCheck | null>(null);
  const navigate = useNavigate();
  const lines = pricedLines(cart, data);
  const why = (variantId: string) =>
    check?.lines.find((l) => l.variant_id === variantId && !l.can_sell)?.message;

  async function continueToPay() {
    const result = await validate({
      schoolId,
      lines: lines.map(({ variant_id, quantity }) => ({ variant_id, quantity })),
    }).unwrap();
    setCheck(result);
    if (!result.ok) return;
    const pay = storePath(schoolId, 'pago');
    if (inFrame()) window.open(`${window.location.origin}${pay}${handOverSearch(cart)}`, '_top');
    else void navigate(pay);
  }

  return (
    <Page title="Carrito">
      <p>
        <UtmLink to={storePath(schoolId)}>Seguir comprando</UtmLink>
      </p>
      {data && lines.length === 0 ? (
        <EmptyState title="Tu carrito está vacío" description="Agrega artículos desde la tienda." />
      ) : (
        <>
          <Lines>
            {lines.map((l) => (
              <li key={l.variant_id}>
                <strong>
                  {l.item.name} · {variantLabel(l.variant)}
                </strong>
                <label>
                  Cantidad{' '}
                  <input
                    type="number"
                    min={1}
                    max={100}
                    value={l.quantity}
                    onChange={(e) => setQuantity(l.variant_id, Number(e.target.value))}
                  />
                </label>
                <MoneyText centavos={l.item.price_centavos * l.quantity} />
                <Button variant="ghost" onClick={() => toggle(l.variant_id)}>
                  Quitar
                </Button>
                {why(l.variant_id) && <FormError>{why(l.variant_id)}</FormError>}
              </li>
            ))}
          </Lines>
          <p>
            Total: <MoneyText centavos={cartTotal(lines)} /> MXN
          </p>
          <Button disabled={isLoading || lines.length === 0} onClick={() => void continueToPay()}>
            {isLoading ? 'Revisando existencias…' : 'Continuar al pago'}
          </Button>
        </>
      )}
    </Page>
  );
}
