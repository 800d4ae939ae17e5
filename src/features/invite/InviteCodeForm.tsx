import type { FormEvent } from 'react';
import { PrimaryButton, TextButton } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { canSubmitInviteCode, normaliseInviteCode } from '../../domain/inviteCode';
import { limits } from '../../domain/limits';
import { INVALID_INVITE_CODE } from './inviteMessages';
import { useInviteCodeValidation } from './useInviteCodeValidation';

const OVERLAY_DEBOUNCE_MS = 300;

function statusLine(status: string, message: string | null, error: string | null) {
  if (error) return { text: error, tone: 'error' as const };
  if (status === 'validating') return { text: 'Checking your code…', tone: 'neutral' as const };
  if (status === 'valid') return { text: message || 'Invite code is valid', tone: 'success' as const };
  if (status === 'invalid') return { text: message || INVALID_INVITE_CODE, tone: 'error' as const };
  return { text: '', tone: 'neutral' as const };
}

export function InviteCodeForm({
  onAccepted,
  onNoInvite,
}: {
  onAccepted: (code: string) => void;
  onNoInvite: () => void;
}) {
  const { code, status, message, error, setCode, validateNow } = useInviteCodeValidation({
    debounceMs: OVERLAY_DEBOUNCE_MS,
  });
  const line = statusLine(status, message, error);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitInviteCode(code, status)) return;
    // A code is only ever accepted on the server's word, checked again here if it has not been yet.
    if (status === 'valid' || (await validateNow(code))) onAccepted(normaliseInviteCode(code));
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label="Invite code"
        name="inviteCode"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={limits.inviteCode.maxLength}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        message={line.text}
        tone={line.tone}
        invalid={status === 'invalid'}
        aria-busy={status === 'validating'}
      />
      <PrimaryButton
        type="submit"
        disabled={!canSubmitInviteCode(code, status)}
        css={{ width: '100%', marginTop: '0.5rem' }}
      >
        {status === 'validating' ? 'Checking…' : 'Continue'}
      </PrimaryButton>
      <p css={{ textAlign: 'center', margin: '1rem 0 0' }}>
        <TextButton type="button" onClick={onNoInvite}>
          I don’t have an invite code
        </TextButton>
      </p>
    </form>
  );
}
