import { useState, type FormEvent } from 'react';
import { apiErrorDetail } from '../../shared/api';
import { PrimaryButton } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { INVALID_PHONE } from '../../domain/fieldRules';
import { limits } from '../../domain/limits';
import { isValidPhoneNumber } from '../../domain/phoneNumber';
import { useOptOutPhoneMutation } from './optOutApi';

/**
 * A phone number in, one confirmation out. The confirmation is the server's, and the same for every
 * number, so this page cannot be used to find out whether someone was nominated.
 */
export function OptOutForm() {
  const [phone, setPhone] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [optOut, { data, isLoading, reset }] = useOptOutPhoneMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidPhoneNumber(phone)) {
      setProblem(INVALID_PHONE);
      return;
    }
    setProblem(null);
    await optOut({ phone })
      .unwrap()
      .catch((error: unknown) =>
        setProblem(apiErrorDetail(error, 'Something went wrong. Please try again.')),
      );
  };

  if (data) {
    return (
      <div>
        <p role="status">{data.message}</p>
        <PrimaryButton
          type="button"
          onClick={() => {
            setPhone('');
            reset();
          }}
        >
          Opt out another number
        </PrimaryButton>
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Opt out a phone number">
      <TextField
        label="Your phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={limits.phoneInputMaxLength}
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        invalid={problem !== null}
        message={problem ?? 'With the country code if it is not a UK number, e.g. +1 212 555 0100.'}
        tone={problem ? 'error' : 'neutral'}
      />
      <PrimaryButton type="submit" disabled={isLoading} css={{ marginTop: '0.5rem' }}>
        {isLoading ? 'Sending…' : 'Opt out'}
      </PrimaryButton>
    </form>
  );
}
