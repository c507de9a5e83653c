import { type HTMLAttributes, type ReactNode, useEffect, useId, useRef } from 'react';
import styled from 'styled-components';

const Surface = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.large};
  box-shadow: ${({ theme }) => theme.shadow};
  padding: ${({ theme }) => theme.space(5)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  & > p {
    margin: 0;
  }
`;

const Title = styled.h2`
  margin: 0;
  font-size: 1.125rem;
`;

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /**
   * The card is the next step of what the user just did (a confirmation, an editor that
   * opened): its title takes focus when it appears, so keyboard and screen-reader users
   * start there.
   */
  focusTitle?: boolean;
}

/** A titled surface; the title labels the section for screen readers unless it has its own label. */
export function Card({ title, focusTitle = false, children, ...props }: CardProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);
  return (
    <Surface aria-labelledby={title && !props['aria-label'] ? titleId : undefined} {...props}>
      {title && (
        <Title id={titleId} ref={heading} tabIndex={focusTitle ? -1 : undefined}>
          {title}
        </Title>
      )}
      {children}
    </Surface>
  );
}
