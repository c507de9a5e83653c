import { useState } from 'react';
import styled from 'styled-components';
import { STAFF_ROLE_LABELS, type StaffRole } from '@cuota/contracts/enrolment/entities';
import type { SchoolAdmin } from '@cuota/contracts/enrolment/staff';
import { Badge } from '@cuota/ui/badge';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { CellNote } from '@cuota/ui/cell-note';
import { EmptyState } from '@cuota/ui/empty-state';
import { Spinner } from '@cuota/ui/spinner';
import { DataTable } from '@cuota/ui/data-table';
import { Page } from '@cuota/ui/page';
import { readError } from '@cuota/web-core/api/api-error';
import { FormError, FormRow, Select } from '@cuota/ui/form-pieces';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useSession } from '@cuota/web-core/session/use-session';
import {
  useAdminsQuery,
  useChangeRoleMutation,
  useRemoveAdminMutation,
  useResendInvitationMutation,
} from '../api/staff-api';
import { assignableRoles, mayManage, type StaffActor } from '../utils/staff-rules';
import { CreateAdminForm } from './create-admin-form';
import { PermissionsEditor } from './permissions-editor';

/** A row's buttons, each on one line: "Editar permisos" is never broken or cut. */
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  button {
    white-space: nowrap;
  }
`;

/** The school's staff with role and permissions; what the actor may not do is disabled. */
export function StaffView({ schoolId, actor }: { schoolId: string; actor: StaffActor }) {
  const admins = useAdminsQuery(schoolId);
  const [changeRole] = useChangeRoleMutation();
  const [remove, removal] = useRemoveAdminMutation();
  const [resend, resending] = useResendInvitationMutation();
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<SchoolAdmin | null>(null);
  const [removing, setRemoving] = useState<SchoolAdmin | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rows = admins.currentData?.results ?? [];

  const attempt = async (action: () => Promise<unknown>) => {
    setError(null);
    setNotice(null);
    try {
      await action();
    } catch (e) {
      setError(readError(e).message);
    }
  };

  return (
    <>
      {admins.isLoading && <Spinner />}
      {admins.error && <FormError>{readError(admins.error).message}</FormError>}
      {error && <FormError>{error}</FormError>}
      {notice && <p role="status">{notice}</p>}
      {admins.currentData && rows.length === 0 && <EmptyState title="Aún no hay personal" />}
      {rows.length > 0 && (
        <DataTable<SchoolAdmin>
          caption="Personal de la escuela"
          rows={rows}
          rowKey={(a) => a.id}
          columns={[
            {
              header: 'Persona',
              cell: (a) => (
                <>
                  {a.name}
                  <CellNote>{a.email}</CellNote>
                </>
              ),
            },
            {
              header: 'Rol',
              cell: (a) =>
                mayManage(actor, a) ? (
                  <Select
                    aria-label={`Rol de ${a.name}`}
                    value={a.role}
                    onChange={(e) =>
                      attempt(() =>
                        changeRole({
                          schoolId,
                          adminId: a.id,
                          role: e.target.value as StaffRole,
                        }).unwrap(),
                      )
                    }
                  >
                    {assignableRoles(actor).map((role) => (
                      <option key={role} value={role}>
                        {STAFF_ROLE_LABELS[role]}
                      </option>
                    ))}
                  </Select>
                ) : (
                  STAFF_ROLE_LABELS[a.role]
                ),
            },
            {
              header: 'Permisos',
              cell: (a) => (
                <>
                  {a.permissions.length} permisos{' '}
                  {a.custom_permissions && <Badge tone="warning">Personalizados</Badge>}
                  {a.invitation_pending && <Badge>Invitación pendiente</Badge>}
                  {!a.active && <Badge tone="warning">Suspendido</Badge>}
                </>
              ),
            },
            {
              header: 'Acciones',
              cell: (a) => (
                <Actions>
                  <Button
                    variant="secondary"
                    disabled={!mayManage(actor, a)}
                    onClick={() => setEditing(a)}
                  >
                    Editar permisos
                  </Button>
                  <Button
                    variant="ghost"
                    disabled={!mayManage(actor, a)}
                    onClick={() => setRemoving(a)}
                  >
                    Quitar
                  </Button>
                  {a.invitation_pending && mayManage(actor, a) && (
                    <Button
                      variant="secondary"
                      disabled={resending.isLoading}
                      onClick={() =>
                        attempt(async () => {
                          await resend({ schoolId, email: a.email }).unwrap();
                          setNotice(
                            `Enviamos de nuevo la invitación a ${a.email}; el enlace anterior ya no sirve.`,
                          );
                        })
                      }
                    >
                      Reenviar invitación
                    </Button>
                  )}
                </Actions>
              ),
            },
          ]}
        />
      )}
      {editing && (
        <PermissionsEditor
          key={editing.id}
          schoolId={schoolId}
          admin={editing}
          actor={actor}
          onClose={() => setEditing(null)}
        />
      )}
      {removing && (
        <Card title={`¿Quitar a ${removing.name} del personal?`} focusTitle>
          <p>Dejará de tener acceso a esta escuela; su cuenta y sus otras escuelas no cambian.</p>
          <FormRow>
            <Button
              disabled={removal.isLoading}
              onClick={() =>
                attempt(async () => {
                  await remove({ schoolId, adminId: removing.id }).unwrap();
                  setRemoving(null);
                })
              }
            >
              Sí, quitar
            </Button>
            <Button variant="ghost" onClick={() => setRemoving(null)}>
              Cancelar
            </Button>
          </FormRow>
        </Card>
      )}
      {mayManageAnyone(actor) && <CreateAdminForm schoolId={schoolId} actor={actor} />}
    </>
  );
}

/** Anyone with staff.write may add ordinary members. */
const mayManageAnyone = (actor: StaffActor) =>
  mayManage(actor, { id: '', role: 'OTHER', permissions: null });

export function StaffPage() {
  const user = useSession().data?.user;
  const { membership } = useCurrentSchool();
  return (
    <Page title="Personal">
      {user && membership && (
        <StaffView schoolId={membership.school_id} actor={{ userId: user.id, grant: membership }} />
      )}
    </Page>
  );
}
