import { useId, type ReactNode } from 'react';
import styled from 'styled-components';

export interface NavigationItem {
  key: string;
  /** A router link; the one for the current page carries `aria-current="page"`. */
  link: ReactNode;
}

export interface NavigationGroup {
  /** Null for the items above every group (Inicio). */
  label: string | null;
  items: NavigationItem[];
}

const GroupLabel = styled.p`
  margin: ${({ theme }) => `${theme.space(4)} 0 ${theme.space(1)}`};
  padding: ${({ theme }) => `0 ${theme.space(3)}`};
  font-size: 0.75rem;
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.mutedText};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
  a {
    display: block;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-radius: ${({ theme }) => theme.radii.medium};
    border-left: 4px solid transparent;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a:hover {
    background: ${({ theme }) => theme.colors.background};
    text-decoration: underline;
  }
  a[aria-current='page'] {
    font-weight: 700;
    color: ${({ theme }) => theme.colors.primaryHover};
    background: ${({ theme }) => theme.colors.primarySurface};
    border-left-color: ${({ theme }) => theme.colors.primary};
  }
`;

function Group({ group }: { group: NavigationGroup }) {
  const labelId = useId();
  return (
    <>
      {group.label && <GroupLabel id={labelId}>{group.label}</GroupLabel>}
      <List aria-labelledby={group.label ? labelId : undefined}>
        {group.items.map((item) => (
          <li key={item.key}>{item.link}</li>
        ))}
      </List>
    </>
  );
}

/** The dashboard's menu: links grouped by area, each group a labelled list. */
export function SideNavigation({ groups }: { groups: NavigationGroup[] }) {
  return (
    <>
      {groups.map((group) => (
        <Group key={group.label ?? ''} group={group} />
      ))}
    </>
  );
}
