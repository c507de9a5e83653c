import { lazy, Suspense } from 'react';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { CollectedCard } from './components/collected-card';
import { CollectionRateCard } from './components/collection-rate-card';
import { DailyCollectionsCard } from './components/daily-collections-card';
import { MonthComparisonCard } from './components/month-comparison-card';
import { CardGrid } from './components/figure-card';
import { OwedCard } from './components/owed-card';
import { TodoCard } from './components/todo-card';
import { TopOverdueCard } from './components/top-overdue-card';

// Roles with reports never load the enrolment cards nor the admissions contracts they read.
const EnrolmentCards = lazy(() => import('./components/enrolment-cards'));

/**
 * Inicio's figures for the member's role (issue 23): the school's money to whoever may read
 * its reports, enrolment figures to everyone else; the to-do list to any role that may act
 * on one of its items. `today` is Mexico City's date.
 */
export default function HomeFigures({ schoolId, today }: { schoolId: string; today: string }) {
  const money = useGrant('reports.read');
  // Payments answers the payouts' count only to who may approve them (ADR 0087).
  const todo = [useGrant('invoicing.read'), useGrant('payments.read')].some(Boolean);
  return (
    <CardGrid>
      {/* What was collected heads the page, a whole row (its table has a column a span). */}
      {money && <CollectedCard schoolId={schoolId} today={today} />}
      {todo && <TodoCard schoolId={schoolId} />}
      {money ? (
        <>
          <DailyCollectionsCard schoolId={schoolId} today={today} />
          <MonthComparisonCard schoolId={schoolId} today={today} />
          <OwedCard schoolId={schoolId} today={today} />
          <CollectionRateCard schoolId={schoolId} today={today} />
          <TopOverdueCard schoolId={schoolId} today={today} />
        </>
      ) : (
        <Suspense fallback={null}>
          <EnrolmentCards schoolId={schoolId} />
        </Suspense>
      )}
    </CardGrid>
  );
}
