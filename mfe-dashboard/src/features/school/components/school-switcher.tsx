import styled from 'styled-components';
import type { StaffIdentity } from '@cuota/contracts/identity/sign-in';

const Field = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-weight: 600;
  select {
    font: inherit;
    min-height: 44px;
    padding: ${({ theme }) => `0 ${theme.space(2)}`};
  }
`;

export interface SchoolSwitcherProps {
  memberships: StaffIdentity['memberships'];
  selected: string;
  onSelect: (schoolId: string) => void;
}

/** Lets someone who works in several schools choose which one the dashboard shows. */
export function SchoolSwitcher({ memberships, selected, onSelect }: SchoolSwitcherProps) {
  return (
    <Field>
      Escuela
      <select value={selected} onChange={(event) => onSelect(event.target.value)}>
        {memberships.map((membership) => (
          <option key={membership.school_id} value={membership.school_id}>
            {membership.school_name}
          </option>
        ))}
      </select>
    </Field>
  );
}
