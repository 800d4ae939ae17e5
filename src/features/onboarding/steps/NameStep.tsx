import { TextField } from '../../../components/TextField';
import { brand } from '../../../config/brand';
import { FieldRow, StepHeader } from './StepLayout';
import type { StepProps } from './stepTypes';

/** Step 1: first and last name. */
export function NameStep({ headingId, field }: StepProps) {
  return (
    <>
      <StepHeader headingId={headingId} title="First things first: what’s your name?">
        This is how {brand.assistantName} will introduce you to the people you meet.
      </StepHeader>
      <FieldRow>
        <TextField label="First name" {...field('firstName')} autoComplete="given-name" required />
        <TextField label="Last name" {...field('lastName')} autoComplete="family-name" required />
      </FieldRow>
    </>
  );
}
