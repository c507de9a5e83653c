import type { MonthFigures } from '@cuota/contracts/billing/month-figures';
import { MoneyText } from '@cuota/ui/money-text';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import styled from 'styled-components';
import { useHomeMonthFiguresQuery } from '../api/home-api';
import { FigureCard } from './figure-card';

const List = styled.ol`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(5)};
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  & li > span {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(2)};
  }
`;

const Family = styled.span`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
`;

const Students = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `0 ${theme.space(3)}`};
`;

/** The families owing the most past due, by who is billed, each student a link to their Adeudos. */
export function TopOverdueCard({ schoolId, today }: { schoolId: string; today: string }) {
  const query = useHomeMonthFiguresQuery({ schoolId, month: today.slice(0, 7) });
  return (
    <FigureCard title="Familias con más adeudo vencido" query={query}>
      {(figures) => <TopOverdueList families={figures.top_overdue} />}
    </FigureCard>
  );
}

export function TopOverdueList({ families }: { families: MonthFigures['top_overdue'] }) {
  if (families.length === 0) return <p>Ninguna familia tiene pagos vencidos.</p>;
  return (
    <>
      <List>
        {families.map((f) => (
          <li key={f.family_id}>
            <span>
              <Family>
                {f.guardian && (
                  <strong>
                    {f.guardian.first_name} {f.guardian.last_name}
                  </strong>
                )}
                <Students>
                  {f.students.map((s) => (
                    <UtmLink key={s.id} to={`/dashboard/due/${s.id}`}>
                      {s.first_name} {s.last_name}
                    </UtmLink>
                  ))}
                </Students>
              </Family>
              <MoneyText centavos={f.overdue_centavos} />
            </span>
          </li>
        ))}
      </List>
      <p>Vencido sin recargos, por familia (el tutor a quien se factura).</p>
    </>
  );
}
