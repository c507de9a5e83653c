import styled from 'styled-components';
import { Card } from '@cuota/ui/card';
import { todayInMexicoCity } from '@cuota/ui/dates';
import { MoneyText } from '@cuota/ui/money-text';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useFamilyCreditQuery, useFamilyFulfillmentsQuery } from '../api/family-balance-api';
import { amountDue } from '../utils/amount-due';
import { FamilyCreditNotice } from './family-credit-notice';

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  dt {
    color: ${({ theme }) => theme.colors.mutedText};
  }
  dd {
    margin: 0;
    font-size: 1.5rem;
    font-weight: 700;
  }
`;

/**
 * The family's balance on the home page: what it owes at the school today (late fees
 * included), how much of it is past due, what a refund left it owing (ADR 0036), its credit,
 * and the way to pay. Nothing while it loads or when it cannot be read: the Pagos page says why.
 */
export default function FamilyBalance({ schoolId }: { schoolId: string }) {
  const owed = useFamilyFulfillmentsQuery(schoolId).currentData;
  const refundOwed = useFamilyCreditQuery(schoolId).currentData?.refund_owed_centavos ?? 0;
  if (!owed) return null;
  const today = todayInMexicoCity();
  const total = owed.reduce((sum, o) => sum + amountDue(o), 0);
  const overdue = owed.filter((o) => o.due_on < today).reduce((sum, o) => sum + amountDue(o), 0);
  return (
    <Card title="Tu saldo">
      {total === 0 && refundOwed === 0 ? (
        <p>Estás al corriente: no tienes pagos pendientes.</p>
      ) : (
        <>
          <Figures>
            <div>
              <dt>Por pagar</dt>
              <dd>
                <MoneyText centavos={total} />
              </dd>
            </div>
            <div>
              <dt>Vencido</dt>
              <dd>
                <MoneyText centavos={overdue} />
              </dd>
            </div>
            {refundOwed > 0 && (
              <div>
                <dt>Reembolso por recuperar</dt>
                <dd>
                  <MoneyText centavos={refundOwed} />
                </dd>
              </div>
            )}
          </Figures>
          {refundOwed > 0 && (
            <p>
              Un reembolso te devolvió saldo a favor que ya había pagado otros cargos. Págalo en la
              caja de la escuela; tu próximo saldo a favor lo cubre primero.
            </p>
          )}
          {/* Relative to the family's home: its Pagos page. */}
          {total > 0 && <UtmLink to="payments">Ir a pagar</UtmLink>}
        </>
      )}
      <FamilyCreditNotice schoolId={schoolId} />
    </Card>
  );
}
