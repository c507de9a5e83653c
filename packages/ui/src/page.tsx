import { use, useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { FrameContext } from '@cuota/ui/frame-context';
import { useDocumentTitle } from '@cuota/ui/use-document-title';

const Column = styled.div<{ $narrow: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(5)};
  width: 100%;
  max-width: ${({ theme, $narrow }) =>
    $narrow ? theme.layout.readingMaxWidth : theme.layout.contentMaxWidth};
  margin: 0 auto;
  & > h2 {
    margin: ${({ theme }) => theme.space(2)} 0 0;
  }
  & > p {
    margin: 0;
  }
`;

const Heading = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.title};
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
`;

export interface PageProps {
  /** The page's h1 and the first part of the tab title. */
  title: string;
  /** Forms and reading pages use a narrower column than tables. */
  narrow?: boolean;
  children: ReactNode;
}

/**
 * A page inside a frame: the h1, the tab title (`title · place · Cuota`) and the content
 * column. Arriving from another page moves focus to the heading.
 */
export function Page({ title, narrow = false, children }: PageProps) {
  const { place, navigated } = use(FrameContext);
  const [focusOnArrival] = useState(navigated);
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle([title, place]);
  useEffect(() => {
    if (focusOnArrival) heading.current?.focus();
  }, [focusOnArrival]);
  return (
    <Column $narrow={narrow}>
      <Heading ref={heading} tabIndex={-1}>
        {title}
      </Heading>
      {children}
    </Column>
  );
}
