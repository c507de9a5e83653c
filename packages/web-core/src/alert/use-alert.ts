import { useMemo } from 'react';
import { useAppDispatch } from '@cuota/web-core/hooks';
import { alertClosed, alertShown, type AlertType } from '@cuota/web-core/alert/alert-slice';

export function useAlert() {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      showAlert: (text: string, type: AlertType = 'info') => dispatch(alertShown({ text, type })),
      closeAlert: () => dispatch(alertClosed()),
    }),
    [dispatch],
  );
}
