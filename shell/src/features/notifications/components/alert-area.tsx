import { AlertBanner } from '@cuota/ui/alert-banner';
import { ALERT_AUTO_CLOSE_MS, selectAlert } from '@cuota/web-core/alert/alert-slice';
import { useAlert } from '@cuota/web-core/alert/use-alert';
import { useAppSelector } from '@cuota/web-core/hooks';

export function AlertArea() {
  const alert = useAppSelector(selectAlert);
  const { closeAlert } = useAlert();
  return (
    <AlertBanner
      text={alert.text}
      type={alert.type}
      open={alert.open}
      alertKey={alert.key}
      autoCloseMs={ALERT_AUTO_CLOSE_MS}
      onClose={closeAlert}
    />
  );
}
