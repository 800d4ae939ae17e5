import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import type { FieldError } from '../../../domain/fieldRules';

const Header = styled.header`
  margin-bottom: 1.25rem;
  h2 {
    margin: 0 0 0.5rem;
    font-size: clamp(1.6rem, 5vw, 2.1rem);
  }
  h2:focus {
    outline: none;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

/** The step's heading (focused by the wizard when the step slides in) and its short introduction. */
export function StepHeader({
  headingId,
  title,
  children,
}: {
  headingId: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Header>
      <h2 id={headingId} tabIndex={-1}>
        {title}
      </h2>
      <p>{children}</p>
    </Header>
  );
}

/** Fields side by side on wide screens, stacked on phones. */
export const FieldRow = styled.div`
  display: grid;
  gap: 0.75rem 1rem;
  grid-template-columns: 1fr 1fr;
  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: 1fr;
  }
`;

export const FieldStack = styled.div`
  display: grid;
  gap: 0.75rem;
`;

/** A quiet note under a field (why we ask, who sees it). */
export const FieldNote = styled.p`
  margin: 0;
  font-size: 0.95rem;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

/** The TextField props that show a field's live message. */
export function messageProps(error: FieldError) {
  return {
    message: error ?? '',
    tone: error ? ('error' as const) : ('neutral' as const),
    invalid: error !== undefined,
  };
}
