import { TextField } from '../../../components/TextField';
import { brand } from '../../../config/brand';
import { limits } from '../../../domain/limits';
import { StepHeader } from './StepLayout';
import type { StepProps } from './stepTypes';

/** Step 2: age, a whole number from 18 to 100. */
export function AgeStep({ headingId, field }: StepProps) {
  return (
    <>
      <StepHeader headingId={headingId} title="How old are you?">
        {brand.productName} is for grown-ups: everyone here is {limits.age.min} or over. Your age helps{' '}
        {brand.assistantName} suggest people at a similar stage of life.
      </StepHeader>
      <div css={{ maxWidth: '12rem' }}>
        <TextField label="Age" {...field('age')} inputMode="numeric" autoComplete="off" required />
      </div>
    </>
  );
}
