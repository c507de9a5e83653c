import { use, type ReactNode } from 'react';
import styled from 'styled-components';
import { FrameContext } from '@cuota/ui/frame-context';
import { compact } from '@cuota/ui/theme';

const Bar = styled.div<{ $inset: string }>`
  position: sticky;
  bottom: 0;
  z-index: ${({ theme }) => theme.zIndex.sticky};
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 -2px 8px rgba(16, 24, 40, 0.08);
  ${compact} {
    bottom: ${({ $inset }) => $inset};
    margin-left: ${({ theme }) => `-${theme.space(2)}`};
    margin-right: ${({ theme }) => `-${theme.space(2)}`};
  }
  > :first-child {
    min-width: 0;
    line-height: 1.3;
  }
  p {
    margin: 0;
  }
  small {
    color: ${({ theme }) => theme.colors.mutedText};
  }
  > :last-child {
    flex-shrink: 0;
  }
`;

/**
 * A page's main action kept in reach while the page scrolls: stuck to the bottom of the
 * screen, above whatever the frame fixes there on a phone. `summary` on the left (what the
 * action will do), `action` on the right; one row at every width.
 */
export function StickyActionBar({
  summary,
  action,
  label,
}: {
  summary: ReactNode;
  action: ReactNode;
  label: string;
}) {
  const { compactBottomInset = '0px' } = use(FrameContext);
  return (
    <Bar $inset={compactBottomInset} role="region" aria-label={label}>
      <div>{summary}</div>
      {action}
    </Bar>
  );
}
