import type { Permission } from '@cuota/contracts/access/permissions';
import { Notice } from '@cuota/ui/notice';
import { useGrant } from '@cuota/web-core/session/use-grant';

/**
 * Says, on a page the member may read, what their role may not do there (the forms for it
 * are not offered). Nothing when the role may.
 */
export function ReadOnlyNote({ permission, action }: { permission: Permission; action: string }) {
  const granted = useGrant(permission);
  if (granted) return null;
  return (
    <Notice>
      <p>Tu rol puede consultar esta sección, pero no {action}.</p>
    </Notice>
  );
}
