import { useState } from 'react';
import styled from 'styled-components';
import {
  PERMISSION_DOMAIN,
  PERMISSION_DOMAIN_LABELS,
  PERMISSION_DOMAINS,
  PERMISSION_LABELS,
} from '@cuota/contracts/access/permission-labels';
import { PERMISSIONS, type Permission } from '@cuota/contracts/access/permissions';
import type { SchoolAdmin } from '@cuota/contracts/enrolment/staff';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { readError } from '@cuota/web-core/api/api-error';
import { FormError, FormRow } from '@cuota/ui/form-pieces';
import { useChangePermissionsMutation } from '../api/staff-api';
import { isRoleDefault, mayGrant, type StaffActor } from '../utils/staff-rules';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
`;

const Group = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  padding: ${({ theme }) => theme.space(3)};
  legend {
    font-weight: 600;
  }
`;

interface Props {
  schoolId: string;
  admin: SchoolAdmin;
  actor: StaffActor;
  onClose: () => void;
}

/** Every permission as a checkbox, grouped by domain; the list replaces the role's defaults. */
export function PermissionsEditor({ schoolId, admin, actor, onClose }: Props) {
  const [selected, setSelected] = useState<Permission[]>(admin.permissions);
  const [save, { isLoading }] = useChangePermissionsMutation();
  const [error, setError] = useState<string | null>(null);
  const toggle = (permission: Permission) =>
    setSelected((list) =>
      list.includes(permission) ? list.filter((p) => p !== permission) : [...list, permission],
    );

  const send = async (permissions: Permission[] | null) => {
    setError(null);
    try {
      await save({ schoolId, adminId: admin.id, permissions }).unwrap();
      onClose();
    } catch (e) {
      setError(readError(e).message);
    }
  };
  const ordered = PERMISSIONS.filter((p) => selected.includes(p));

  return (
    <Card title={`Permisos de ${admin.name}`} aria-label={`Permisos de ${admin.name}`} focusTitle>
      <Grid>
        {PERMISSION_DOMAINS.map((domain) => (
          <Group key={domain}>
            <legend>{PERMISSION_DOMAIN_LABELS[domain]}</legend>
            {PERMISSIONS.filter((p) => PERMISSION_DOMAIN[p] === domain).map((permission) => (
              <label key={permission}>
                <input
                  type="checkbox"
                  checked={selected.includes(permission)}
                  disabled={!mayGrant(actor, permission)}
                  onChange={() => toggle(permission)}
                />{' '}
                {PERMISSION_LABELS[permission]}
              </label>
            ))}
          </Group>
        ))}
      </Grid>
      {error && <FormError>{error}</FormError>}
      <FormRow>
        <Button
          disabled={isLoading}
          onClick={() => send(isRoleDefault(admin.role, ordered) ? null : ordered)}
        >
          {isLoading ? 'Guardando…' : 'Guardar permisos'}
        </Button>
        <Button variant="secondary" disabled={isLoading} onClick={() => send(null)}>
          Usar los del rol
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Cancelar
        </Button>
      </FormRow>
    </Card>
  );
}
