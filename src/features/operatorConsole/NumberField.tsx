import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { formatCount } from './consoleFormat';

/** What a number field accepts: a whole number (or a multiple of `step`) from `min` to `max`. */
export interface NumberRange {
  min: number;
  max: number;
  step?: number;
}

/** Why what was typed is not a number the field accepts; null when it is one. */
export function numberFieldError(typed: string, { min, max, step = 1 }: NumberRange): string | null {
  const value = Number(typed.trim());
  const inRange = typed.trim() !== '' && Number.isFinite(value) && value >= min && value <= max;
  if (inRange && Number.isInteger((value - min) / step)) return null;
  const what = step === 1 ? 'a whole number' : `a multiple of ${formatCount(step)}`;
  return `Enter ${what} from ${formatCount(min)} to ${formatCount(max)}.`;
}

const Field = styled.div`
  display: grid;
  gap: 0.3rem;
  label {
    font-weight: 600;
  }
  input {
    width: 9rem;
  }
  input[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error};
  }
  p {
    margin: 0;
    max-width: 14rem;
    color: ${({ theme }) => theme.colors.error};
    font-weight: 600;
    font-size: 0.9rem;
  }
`;

/**
 * A labelled number input of the console (inside `Fields`), bounded by the range the API takes
 * (src/domain/limits.ts). It says what is wrong beside the field once something wrong is typed, or
 * once the form was sent with it (the browser's own check marks it invalid first).
 */
export function NumberField({
  label,
  value,
  onChange,
  range,
  required = true,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  range: NumberRange;
  required?: boolean;
}) {
  const id = useId();
  const [touched, setTouched] = useState(false);
  const error = numberFieldError(value, range);
  const shown = error !== null && (touched || value.trim() !== '') ? error : null;
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={range.min}
        max={range.max}
        step={range.step ?? 1}
        required={required}
        value={value}
        aria-invalid={shown !== null}
        aria-describedby={shown ? `${id}-error` : undefined}
        onBlur={() => setTouched(true)}
        onInvalid={() => setTouched(true)}
        onChange={(event) => onChange(event.target.value)}
      />
      {shown && <p id={`${id}-error`}>{shown}</p>}
    </Field>
  );
}
