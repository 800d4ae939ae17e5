import styled from '@emotion/styled';
import { useId } from 'react';
import { brand } from '../../../config/brand';
import { LOOKING_FOR_OPTIONS } from '../../../domain/fieldRules';
import { limits } from '../../../domain/limits';
import { StepHeader } from './StepLayout';
import type { StepProps } from './stepTypes';

const Options = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.6rem;
`;

const Option = styled.button`
  min-height: 48px;
  padding: 0.6rem 1.2rem;
  border: 1.5px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.paperRaised};
  color: ${({ theme }) => theme.colors.ink};
  font-weight: 600;
  cursor: pointer;
  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.night};
    background: ${({ theme }) => theme.colors.night};
    color: ${({ theme }) => theme.colors.paper};
  }
  &[aria-disabled='true'] {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

const Message = styled.p<{ isError: boolean }>`
  margin: 0.75rem 0 0;
  min-height: 1.4em;
  font-size: 0.95rem;
  color: ${({ theme, isError }) => (isError ? theme.colors.error : theme.colors.inkSoft)};
`;

/** Step 4 (defined, skipped in the order): toggle buttons, at least 1 and at most 4. */
export function LookingForStep({ headingId, draft, errors, onLookingForToggle }: StepProps) {
  const hintId = useId();
  const selected = draft.lookingFor;
  const full = selected.length >= limits.lookingForMax;
  const error = errors.lookingFor;
  return (
    <>
      <StepHeader headingId={headingId} title="What are you looking for?">
        Pick what you would like {brand.assistantName} to help with. Choose up to {limits.lookingForMax}.
      </StepHeader>
      <Options role="group" aria-labelledby={headingId} aria-describedby={hintId}>
        {LOOKING_FOR_OPTIONS.map((option) => {
          const pressed = selected.includes(option);
          return (
            <Option
              key={option}
              type="button"
              aria-pressed={pressed}
              // Still focusable and clickable (a 5th choice is simply refused), but marked as unavailable.
              aria-disabled={!pressed && full ? true : undefined}
              onClick={() => onLookingForToggle(option)}
            >
              {option}
            </Option>
          );
        })}
      </Options>
      <Message id={hintId} isError={error !== undefined} role="status">
        {error ?? (full ? `You have chosen ${limits.lookingForMax}, the most you can pick.` : '')}
      </Message>
    </>
  );
}
