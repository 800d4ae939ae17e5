import { useState, type FormEvent } from 'react';
import { PrimaryButton } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { dayAfter, eventLinkProblem } from '../../domain/eventLink';
import { limits } from '../../domain/limits';
import { apiErrorDetail } from '../../shared/api';
import { useCreateEventLinkMutation } from './partnerApi';

const today = () => new Date().toISOString().slice(0, 10);

/** Make an event link: a label, how many people, the last day. The rules are the server's own. */
export function EventLinkForm({ usesLeft }: { usesLeft: number }) {
  const [label, setLabel] = useState('');
  const [maxUses, setMaxUses] = useState('');
  const [expiresOn, setExpiresOn] = useState(() => dayAfter(today(), 7));
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [create, { isLoading }] = useCreateEventLinkMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { label, max_uses: Number(maxUses || Number.NaN), expires_on: expiresOn };
    const problem = eventLinkProblem(body, today());
    if (problem) return setMessage({ text: problem, error: true });
    if (body.max_uses > usesLeft)
      return setMessage({ text: `Your community has ${usesLeft} places left for new links.`, error: true });
    try {
      const made = await create({ ...body, label: label.trim() }).unwrap();
      setMessage({ text: `Made the link ${made.code} for “${made.label}”.`, error: false });
      setLabel('');
      setMaxUses('');
    } catch (failure) {
      setMessage({
        text: apiErrorDetail(failure, 'We could not make the link. Please try again.'),
        error: true,
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="New event link" css={{ display: 'grid', gap: '0.5rem' }}>
      <TextField
        label="Event name"
        name="label"
        value={label}
        maxLength={limits.community.eventLinkLabelMaxLength}
        onChange={(event) => setLabel(event.target.value)}
        required
      />
      <TextField
        label="How many people"
        name="max_uses"
        type="number"
        inputMode="numeric"
        min={1}
        max={usesLeft}
        value={maxUses}
        onChange={(event) => setMaxUses(event.target.value)}
        message={`${usesLeft} places left`}
        required
      />
      <TextField
        label="Last day"
        name="expires_on"
        type="date"
        value={expiresOn}
        min={today()}
        onChange={(event) => setExpiresOn(event.target.value)}
        required
      />
      <p
        role="status"
        css={(theme) => ({ margin: 0, color: message?.error ? theme.colors.error : theme.colors.success })}
      >
        {message?.text ?? ''}
      </p>
      <PrimaryButton type="submit" disabled={isLoading}>
        {isLoading ? 'Making…' : 'Make the link'}
      </PrimaryButton>
    </form>
  );
}
