import styled from '@emotion/styled';
import { createContext, useContext, type ReactNode } from 'react';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { SCREEN_HEADING } from '../../../shared/useFocusScreenHeading';
import type { FieldError } from '../../../domain/fieldRules';

const Header = styled.header`
  margin-bottom: 1.25rem;
  h2 {
    margin: 0 0 0.5rem;
    font-size: clamp(1.6rem, 5vw, 2.1rem);
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

/** Where a step stands in the wizard ("Step 2 of 5"), given by the wizard to the step it shows. */
export const StepPosition = createContext('');

/**
 * The step's heading and its short introduction. The wizard focuses the heading when the step slides
 * in, so it names the step's place as well: a screen reader says "Step 2 of 5: How old are you?"
 * (the visible count beside the dots is hidden from it).
 */
export function StepHeader({
  headingId,
  title,
  children,
}: {
  headingId: string;
  title: string;
  children: ReactNode;
}) {
  const position = useContext(StepPosition);
  return (
    <Header>
      <h2 id={headingId} tabIndex={-1} {...SCREEN_HEADING}>
        {position && <VisuallyHidden>{`${position}: `}</VisuallyHidden>}
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
