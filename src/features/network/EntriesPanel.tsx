import styled from '@emotion/styled';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { PrimaryButton, TextButton } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { REQUIRED } from '../../domain/fieldRules';
import { limits } from '../../domain/limits';
import { validateNetworkEntryInput, type NetworkEntryErrors } from '../../domain/registration';
import type { NetworkPart } from './entryPositions';

/** Labels of the two who-I-know variants; the second labels its second field "at". */
export const ENTRY_COPY = {
  1: { nameLabel: 'Group, community or organisation', locationLabel: 'where from', lastSubmit: 'Next' },
  2: { nameLabel: 'Name', locationLabel: 'at', lastSubmit: 'Go to WhatsApp' },
} as const;

export const PANEL_LABELS = {
  first: 'Add who you know',
  another: 'Add another',
  submit: 'Add Entry',
  continue: 'Continue',
  loading: 'Loading...',
  cancel: 'Cancel',
} as const;

const Panel = styled.section`
  display: grid;
  gap: 0.75rem;
  width: min(100%, 36rem);
  margin: 0 auto;
  padding: 1.25rem;
  border-radius: ${({ theme }) => theme.radius.large};
  background: ${({ theme }) => theme.colors.paperRaised};
  border: 1px solid ${({ theme }) => theme.colors.line};
  box-shadow: 0 -6px 24px rgba(15, 15, 20, 0.06);
  form {
    display: grid;
    gap: 0.5rem;
  }
  ${({ theme }) => theme.media.mobile} {
    padding: 1rem;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  align-items: center;
  button:first-of-type {
    flex: 1 1 12rem;
  }
`;

/** aria-disabled rather than disabled while loading, so keyboard focus stays on the button. */
const ContinueButton = styled(PrimaryButton)`
  &[aria-disabled='true'] {
    background: #8d8d96;
    cursor: progress;
  }
`;

type Field = 'group' | 'location';

function messageFor(error: string | undefined, label: string): string | undefined {
  if (error === undefined) return undefined;
  return error === REQUIRED ? `Please fill in “${label}”` : error;
}

/** The bottom panel: an add button that opens the two-field input, then Continue after 3 entries. */
export function EntriesPanel({
  part,
  count,
  loading,
  onAdd,
  onContinue,
}: {
  part: NetworkPart;
  count: number;
  loading: boolean;
  onAdd: (group: string, location: string) => boolean;
  onContinue: () => void;
}) {
  const copy = ENTRY_COPY[part];
  const [open, setOpen] = useState(false);
  const [group, setGroup] = useState('');
  const [location, setLocation] = useState('');
  const [errors, setErrors] = useState<NetworkEntryErrors>({});
  const [announcement, setAnnouncement] = useState('');
  const full = count >= limits.entriesPerStep;
  const formRef = useRef<HTMLFormElement>(null);
  const actionRef = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<'name' | 'location' | 'action' | null>(null);

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    const inputs = formRef.current?.querySelectorAll('input');
    if (target === 'name') inputs?.[0]?.focus();
    else if (target === 'location') inputs?.[1]?.focus();
    else if (target === 'action') actionRef.current?.focus();
  });

  const recheck = (field: Field, value: string) => {
    if (errors[field] === undefined) return;
    const next = validateNetworkEntryInput(
      field === 'group' ? value : group,
      field === 'location' ? value : location,
    );
    setErrors((current) => ({ ...current, [field]: next[field] }));
  };

  const close = () => {
    setOpen(false);
    setErrors({});
    focusNext.current = 'action';
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateNetworkEntryInput(group, location);
    setErrors(found);
    if (found.group !== undefined || found.location !== undefined) {
      focusNext.current = found.group !== undefined ? 'name' : 'location';
      return;
    }
    if (!onAdd(group, location)) return;
    setAnnouncement(`Added ${group.trim()}, ${location.trim()} (${count + 1}/${limits.entriesPerStep})`);
    setGroup('');
    setLocation('');
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape') close();
  };

  const isThird = count === limits.entriesPerStep - 1;
  return (
    <Panel aria-label="Your entries">
      {open && !full ? (
        <form ref={formRef} noValidate onSubmit={submit} onKeyDown={onKeyDown}>
          <TextField
            label={copy.nameLabel}
            value={group}
            maxLength={limits.fieldMaxLength.entryName}
            autoComplete="off"
            invalid={errors.group !== undefined}
            tone={errors.group !== undefined ? 'error' : 'neutral'}
            message={messageFor(errors.group, copy.nameLabel)}
            onChange={(event) => {
              setGroup(event.target.value);
              recheck('group', event.target.value);
            }}
          />
          <TextField
            label={copy.locationLabel}
            value={location}
            maxLength={limits.fieldMaxLength.entryLocation}
            autoComplete="off"
            invalid={errors.location !== undefined}
            tone={errors.location !== undefined ? 'error' : 'neutral'}
            message={messageFor(errors.location, copy.locationLabel)}
            onChange={(event) => {
              setLocation(event.target.value);
              recheck('location', event.target.value);
            }}
          />
          <Actions>
            <PrimaryButton type="submit">{isThird ? copy.lastSubmit : PANEL_LABELS.submit}</PrimaryButton>
            <TextButton type="button" onClick={close}>
              {PANEL_LABELS.cancel}
            </TextButton>
          </Actions>
        </form>
      ) : (
        <Actions>
          {full ? (
            <ContinueButton
              ref={actionRef}
              type="button"
              aria-disabled={loading || undefined}
              aria-busy={loading || undefined}
              onClick={() => {
                if (!loading) onContinue();
              }}
            >
              {loading ? PANEL_LABELS.loading : PANEL_LABELS.continue}
            </ContinueButton>
          ) : (
            <PrimaryButton
              ref={actionRef}
              type="button"
              onClick={() => {
                setOpen(true);
                focusNext.current = 'name';
              }}
            >
              {count === 0 ? PANEL_LABELS.first : PANEL_LABELS.another}
            </PrimaryButton>
          )}
        </Actions>
      )}
      <VisuallyHidden as="p" role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Panel>
  );
}
