import { useState, type FormEvent } from 'react';
import { PrimaryButton, TextButton } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { limits } from '../../domain/limits';
import { waitlistPhoneToE164 } from '../../domain/phoneNumber';
import { validateWaitlistPhone } from '../../domain/waitlist';
import { useJoinWaitlistMutation } from './inviteApi';
import { waitlistErrorMessage } from './inviteMessages';

export function WaitlistForm({ onJoined, onHaveCode }: { onJoined: () => void; onHaveCode: () => void }) {
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [joinWaitlist, { isLoading }] = useJoinWaitlistMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateWaitlistPhone(phone);
    const e164 = waitlistPhoneToE164(phone);
    if (problem || !e164) {
      setError(problem ?? 'Please enter a valid phone number');
      return;
    }
    setError(null);
    try {
      await joinWaitlist({ phone_number: e164, name: null }).unwrap();
      onJoined();
    } catch (failure) {
      setError(waitlistErrorMessage(failure));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label="Your mobile number"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={limits.waitlistPhoneMaxLength}
        value={phone}
        onChange={(event) => {
          setPhone(event.target.value);
          setError(null);
        }}
        message={error ?? 'We’ll text you when a place opens up. UK numbers can start with 0.'}
        tone={error ? 'error' : 'neutral'}
        invalid={Boolean(error)}
      />
      <PrimaryButton
        type="submit"
        disabled={isLoading || phone.trim() === ''}
        css={{ width: '100%', marginTop: '0.5rem' }}
      >
        {isLoading ? 'Joining…' : 'Join the waitlist'}
      </PrimaryButton>
      <p css={{ textAlign: 'center', margin: '1rem 0 0' }}>
        <TextButton type="button" onClick={onHaveCode}>
          I have an invite code
        </TextButton>
      </p>
    </form>
  );
}
