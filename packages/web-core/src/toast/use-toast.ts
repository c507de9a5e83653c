import { useMemo } from 'react';
import { useAppDispatch } from '@cuota/web-core/hooks';
import { dismissToast, showToast, type ToastInput } from '@cuota/web-core/toast/toast-actions';

export function useToast() {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      toast: (input: ToastInput) => dispatch(showToast(input)),
      dismiss: (id: string) => dispatch(dismissToast(id)),
    }),
    [dispatch],
  );
}
