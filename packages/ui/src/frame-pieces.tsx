import styled from 'styled-components';
import { compact, onPaper } from '@cuota/ui/theme';

/** The bar at the top of every frame: brand on the left, the user's things on the right. */
export const TopBar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 64px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(6)}`};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  ${compact} {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  }
  ${onPaper} {
    display: none;
  }
`;

export const TopBarEnd = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-left: auto;
`;

/** "Cuota" and the surface's name (Panel escolar, Portal de familias…). */
export const Brand = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.large};
  min-width: 0;
  span + span {
    font-weight: 400;
    color: ${({ theme }) => theme.colors.mutedText};
    font-size: ${({ theme }) => theme.fontSizes.body};
  }
  ${compact} {
    font-size: ${({ theme }) => theme.fontSizes.body};
    span + span {
      display: none;
    }
  }
`;

/** Every frame's <main>: the skip link's target, focusable without being a Tab stop. */
export const Main = styled.main`
  flex: 1;
  padding: ${({ theme }) => theme.space(6)};
  &:focus {
    outline: none;
  }
  ${compact} {
    padding: ${({ theme }) => `${theme.space(5)} ${theme.space(4)}`};
  }
  ${onPaper} {
    padding: 0;
  }
`;
