import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { schoolsResolved } from '@cuota/web-core/global-state/global-state-slice';
import { resolveSchoolSelection } from '@cuota/web-core/global-state/school-selection';
import { useAppDispatch, useAppSelector } from '@cuota/web-core/hooks';
import { selectSessionStatus, selectSessionUser } from '@cuota/web-core/session/session-slice';
import type { RootState } from '@cuota/web-core/store';

/**
 * Derives the global schools list and selection from the session whenever the session
 * changes (spec §4 school selection). A school the user picks in between stands until
 * the next session change.
 */
export function GlobalStateSync({ fraudSchoolId }: { fraudSchoolId: string | null }) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const status = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectSessionUser);

  useEffect(() => {
    if (status === 'loading') return;
    const current = store.getState().globalState.selectedSchool;
    dispatch(
      schoolsResolved(
        user
          ? resolveSchoolSelection({
              schools: user.schools,
              fraudStatus: user.fraud_status,
              fraudSchoolId,
              current,
            })
          : { schools: [], selectedSchool: null },
      ),
    );
  }, [status, user, fraudSchoolId, dispatch, store]);

  return null;
}
