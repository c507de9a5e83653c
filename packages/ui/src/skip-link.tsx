import styled from 'styled-components';

/** The id of every frame's <main>: what the skip link jumps to. */
export const MAIN_CONTENT_ID = 'contenido';

const Link = styled.a`
  position: absolute;
  left: ${({ theme }) => theme.space(2)};
  top: ${({ theme }) => theme.space(2)};
  z-index: ${({ theme }) => theme.zIndex.toast + 1};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  box-shadow: ${({ theme }) => theme.shadow};
  transform: translateY(-200%);
  &:focus {
    transform: none;
  }
`;

/**
 * The first thing Tab reaches on every page: straight to the content, past the header and
 * the navigation (WCAG 2.4.1).
 */
export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // The router owns the URL; move focus without adding a hash to it.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      Saltar al contenido
    </Link>
  );
}
