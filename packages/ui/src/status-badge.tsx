import { Badge } from '@cuota/ui/badge';
import {
  STATUS_LOOKS,
  type StatusKind,
  type StatusLook,
  type StatusOf,
} from '@cuota/ui/status-labels';

export interface StatusBadgeProps<K extends StatusKind> {
  kind: K;
  status: StatusOf<K>;
}

/** One of the specification's statuses as a coloured label in Spanish. */
export function StatusBadge<K extends StatusKind>({ kind, status }: StatusBadgeProps<K>) {
  const looks: Record<string, StatusLook> = STATUS_LOOKS[kind];
  const look = looks[status]!;
  return (
    <Badge tone={look.tone} data-status={status}>
      {look.label}
    </Badge>
  );
}
