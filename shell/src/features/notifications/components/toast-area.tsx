import { ToastViewport } from '@cuota/ui/toast-viewport';
import { useAppSelector } from '@cuota/web-core/hooks';
import { selectToasts } from '@cuota/web-core/toast/toast-slice';
import { useToast } from '@cuota/web-core/toast/use-toast';

export function ToastArea() {
  const toasts = useAppSelector(selectToasts);
  const { dismiss } = useToast();
  return <ToastViewport toasts={toasts} onDismiss={dismiss} />;
}
