import { TextField } from '../../../components/TextField';
import { brand } from '../../../config/brand';
import { limits } from '../../../domain/limits';
import { FieldRow, StepHeader, messageProps } from './StepLayout';
import type { StepProps } from './stepTypes';

/** Step 1: first and last name. */
export function NameStep({ headingId, draft, errors, onFieldChange }: StepProps) {
  return (
    <>
      <StepHeader headingId={headingId} title="First things first: what’s your name?">
        This is how {brand.assistantName} will introduce you to the people you meet.
      </StepHeader>
      <FieldRow>
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          required
          maxLength={limits.fieldMaxLength.firstName}
          value={draft.firstName}
          onChange={(event) => onFieldChange('firstName', event.target.value)}
          {...messageProps(errors.firstName)}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          required
          maxLength={limits.fieldMaxLength.lastName}
          value={draft.lastName}
          onChange={(event) => onFieldChange('lastName', event.target.value)}
          {...messageProps(errors.lastName)}
        />
      </FieldRow>
    </>
  );
}
