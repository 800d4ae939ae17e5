import styled from '@emotion/styled';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

const Field = styled.div`
  display: grid;
  gap: 0.35rem;
  label {
    font-weight: 600;
  }
  input {
    width: 100%;
    min-height: 48px;
    padding: 0.65rem 0.9rem;
    border: 1.5px solid ${({ theme }) => theme.colors.line};
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.colors.paperRaised};
    color: ${({ theme }) => theme.colors.ink};
  }
  input[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error};
  }
`;

const Hint = styled.p<{ tone: 'error' | 'success' | 'neutral' }>`
  margin: 0;
  min-height: 1.4em;
  font-size: 0.95rem;
  color: ${({ theme, tone }) =>
    tone === 'error' ? theme.colors.error : tone === 'success' ? theme.colors.success : theme.colors.inkSoft};
`;

/**
 * A labelled input with a live message below it. The message region (a polite status, errors too) is
 * always present so that screen readers announce each new message and the layout does not jump.
 */
export function TextField({
  label,
  message,
  tone = 'neutral',
  invalid,
  extra,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  message?: string | null;
  tone?: 'error' | 'success' | 'neutral';
  invalid?: boolean;
  extra?: ReactNode;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={invalid || undefined} aria-describedby={messageId} {...input} />
      {/* One role whatever the tone: a region that turns into an alert as its text arrives is missed. */}
      <Hint id={messageId} tone={tone} role="status">
        {message ?? ''}
      </Hint>
      {extra}
    </Field>
  );
}
