import styled from '@emotion/styled';
import { useId } from 'react';
import { limits } from '../../../domain/limits';
import { TextAreaField } from '../../../components/TextAreaField';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import type { FieldBinding } from './stepTypes';

const Footer = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 1rem;
  font-size: 0.95rem;
`;

const Message = styled.p`
  margin: 0;
  min-height: 1.4em;
  color: ${({ theme }) => theme.colors.error};
`;

const Counter = styled.span<{ short: boolean }>`
  flex: none;
  font-variant-numeric: tabular-nums;
  font-weight: ${({ short }) => (short ? 600 : 400)};
  color: ${({ theme, short }) => (short ? theme.colors.error : theme.colors.success)};
`;

/**
 * A free-text answer that needs at least 30 characters (after trimming), with a live x/30 counter
 * that is red below 30. The counter is part of the field's description rather than a live region,
 * so screen readers hear it on focus instead of on every keystroke; the message below is announced.
 */
export function LongTextField({
  label,
  placeholder,
  name,
  value,
  maxLength,
  onChange,
  message,
  invalid,
}: FieldBinding & { label: string; placeholder?: string }) {
  const error = invalid ? message : undefined;
  const id = useId();
  const min = limits.longTextMinLength;
  const count = value.trim().length;
  const short = count < min;
  return (
    <TextAreaField>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        rows={4}
        value={value}
        placeholder={placeholder}
        maxLength={maxLength}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-counter ${id}-message`}
        onChange={onChange}
      />
      <Footer>
        <Message id={`${id}-message`} role="status">
          {error ?? ''}
        </Message>
        <Counter id={`${id}-counter`} short={short}>
          {`${count}/${min}`}
          {short && <VisuallyHidden>{` characters, at least ${min} characters`}</VisuallyHidden>}
        </Counter>
      </Footer>
    </TextAreaField>
  );
}
