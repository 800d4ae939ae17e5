import { TextField } from '../../../components/TextField';
import { brand } from '../../../config/brand';
import { FieldNote, FieldStack, StepHeader } from './StepLayout';
import type { StepProps } from './stepTypes';

/** Step 8: phone and location, neither of which is ever shown on the profile. */
export function PhoneLocationStep({ headingId, field }: StepProps) {
  const assistant = brand.assistantName;
  return (
    <>
      <StepHeader headingId={headingId} title={`Last step: where can ${assistant} reach you?`}>
        Almost there! These two stay private.
      </StepHeader>
      <FieldStack>
        <TextField
          label="Mobile number"
          {...field('phone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          extra={
            <FieldNote>
              Your number is stored securely. You need it to text {assistant} on WhatsApp, and it is never
              shown on your profile.
            </FieldNote>
          }
        />
        <TextField
          label="Location"
          {...field('location')}
          autoComplete="address-level2"
          placeholder="e.g. Hackney, London"
          required
          extra={
            <FieldNote>
              We use your location to introduce you to people nearby. It is not shown on your profile either.
            </FieldNote>
          }
        />
      </FieldStack>
    </>
  );
}
