import { useState, type FormEvent } from 'react';
import { PrimaryButton, TextButton } from '../../components/Button';
import { ModalDialog } from '../../components/ModalDialog';
import { TextField } from '../../components/TextField';

/** What the member types to show they mean it; a word, so a stray click or Enter cannot do it. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

export function DeleteAccountDialog({
  deleting,
  problem,
  onConfirm,
  onCancel,
}: {
  deleting: boolean;
  problem: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim() === DELETE_CONFIRMATION_WORD;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed && !deleting) onConfirm();
  };
  return (
    <ModalDialog labelledBy="delete-title" describedBy="delete-description" onClose={onCancel}>
      <form onSubmit={submit} noValidate>
        <h2 id="delete-title" css={{ marginTop: 0 }}>
          Delete your account?
        </h2>
        <p id="delete-description">
          This erases your profile, photo, “Who I know” entries, the friends you nominated and your sign-in at
          once. It cannot be undone. To confirm, type {DELETE_CONFIRMATION_WORD} below.
        </p>
        <TextField
          label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          message={problem}
          tone={problem ? 'error' : 'neutral'}
        />
        <div
          css={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', alignItems: 'center', marginTop: '1rem' }}
        >
          <PrimaryButton type="submit" disabled={!confirmed || deleting}>
            {deleting ? 'Deleting…' : 'Delete my account'}
          </PrimaryButton>
          <TextButton type="button" onClick={onCancel}>
            Cancel
          </TextButton>
        </div>
      </form>
    </ModalDialog>
  );
}
