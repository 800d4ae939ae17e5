import { useId, useState, type FormEvent } from 'react';
import { PrimaryButton, TextButton } from '../../components/Button';
import { NewTabHint } from '../../components/VisuallyHidden';
import type {
  WaitlistListEntry,
  WaitlistInvitation,
  WaitlistInvite,
  WaitlistStatus,
} from '../../domain/contracts/adminWaitlist';
import { apiErrorDetail } from '../../shared/api';
import { Box, ErrorText, Fields, Moment, PanelHeading, QueryState, ReasonField } from './consoleParts';
import { ConsoleTable, type Column } from './ConsoleTable';
import { NumberField, numberFieldError } from './NumberField';
import {
  useInviteFromWaitlistMutation,
  usePurgeWaitlistMutation,
  useListWaitlistQuery,
} from './consoleSectionsApi';
import { DryRunAction } from './DryRunAction';
import { limits } from '../../domain/limits';
import { visible } from '../../domain/visibleText';

const statuses: WaitlistStatus[] = ['waiting', 'invited', 'joined'];

const who = (entry: Pick<WaitlistListEntry, 'name' | 'phone' | 'email'>) =>
  visible(entry.name ?? entry.phone ?? entry.email ?? 'someone');

/** The invitations just made: each a wa.me link the operator opens to send it from their WhatsApp. */
function Invitations({ invitations, effect }: { invitations: WaitlistInvitation[]; effect: string }) {
  return (
    <>
      <p>Done: {visible(effect)}. Send each invitation from WhatsApp:</p>
      <ul>
        {invitations.map((invitation) => (
          <li key={invitation.code}>
            <a href={invitation.whatsapp_url} target="_blank" rel="noopener noreferrer">
              Send the invitation to {invitation.phone} on WhatsApp
              <NewTabHint />
            </a>{' '}
            (code <code>{invitation.code}</code>)
          </li>
        ))}
      </ul>
    </>
  );
}

function useInvite() {
  const [invite, state] = useInviteFromWaitlistMutation();
  const send = (request: WaitlistInvite) => {
    state.reset();
    return invite(request)
      .unwrap()
      .catch(() => undefined);
  };
  return { send, ...state };
}

const nextRange = { min: 1, max: limits.admin.inviteNextMax };
const retentionRange = { min: 1, max: limits.admin.retentionDaysMax };

function InviteNext({ invite }: { invite: ReturnType<typeof useInvite> }) {
  const [next, setNext] = useState('10');
  const [reason, setReason] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (numberFieldError(next, nextRange)) return;
    void invite.send({ next: Number(next), ...(reason.trim() ? { reason: reason.trim() } : {}) });
  };
  return (
    <form onSubmit={submit}>
      <Fields>
        <NumberField
          label="How many of the longest waiting"
          value={next}
          onChange={setNext}
          range={nextRange}
        />
        <ReasonField
          id={`${id}-reason`}
          label="Reason (optional)"
          value={reason}
          onChange={setReason}
          required={false}
        />
        <PrimaryButton type="submit" disabled={invite.isLoading}>
          {invite.isLoading ? 'Inviting…' : 'Invite the next ones'}
        </PrimaryButton>
      </Fields>
    </form>
  );
}

const entryColumns: Column<WaitlistListEntry>[] = [
  {
    header: 'Name',
    rowHeader: true,
    kind: 'long',
    cell: (entry) => (entry.name === null ? '—' : visible(entry.name)),
  },
  { header: 'Phone', cell: (entry) => entry.phone ?? '—' },
  { header: 'E-mail', kind: 'long', cell: (entry) => entry.email ?? '—' },
  { header: 'On the list since', cell: (entry) => <Moment at={entry.joined_at} /> },
  { header: 'Status', cell: (entry) => entry.status },
];

function Entries({ status, invite }: { status: WaitlistStatus | ''; invite: ReturnType<typeof useInvite> }) {
  const query = useListWaitlistQuery(status ? { status } : {}, { refetchOnMountOrArgChange: true });
  const entries = query.data ?? [];
  return (
    <QueryState what="waitlist" query={query}>
      <ConsoleTable
        caption="Waitlist entries"
        columns={entryColumns}
        rows={entries}
        rowKey={(entry) => entry.id}
        actions={{
          header: 'Invite',
          cell: (entry) =>
            entry.status === 'waiting' &&
            entry.phone && (
              <TextButton
                type="button"
                disabled={invite.isLoading}
                onClick={() => void invite.send({ id: entry.id })}
              >
                Invite {who(entry)}
              </TextButton>
            ),
        }}
        empty={status ? `Nobody on the waitlist is ${status}.` : 'Nobody is on the waitlist.'}
      />
    </QueryState>
  );
}

function Purge() {
  const [purge] = usePurgeWaitlistMutation();
  const [days, setDays] = useState('365');
  const olderThanDays = Number(days);
  const valid = numberFieldError(days, retentionRange) === null;
  return (
    <>
      <Fields>
        <NumberField label="Older than (days)" value={days} onChange={setDays} range={retentionRange} />
      </Fields>
      <DryRunAction
        start="Purge old entries…"
        disabled={!valid}
        preview={() => purge({ older_than_days: olderThanDays, dry_run: true }).unwrap()}
        perform={(reason) => purge({ older_than_days: olderThanDays, reason }).unwrap()}
        confirm="Delete the entries"
      />
    </>
  );
}

/** Section 4: the waitlist — who waits, invite one or the next N (a wa.me link each), purge old entries. */
export function WaitlistPanel() {
  const [status, setStatus] = useState<WaitlistStatus | ''>('waiting');
  const invite = useInvite();
  const id = useId();
  return (
    <>
      <PanelHeading>Waitlist</PanelHeading>
      <Box aria-labelledby={`${id}-invite`}>
        <h2 id={`${id}-invite`}>Invite</h2>
        <p>
          Each invitation is a one-use code for that number, and a WhatsApp link with the message typed in:
          open it to send the invitation yourself.
        </p>
        <InviteNext invite={invite} />
        {invite.isError && (
          <ErrorText role="alert">{apiErrorDetail(invite.error, 'The invitation failed.')}</ErrorText>
        )}
        <div role="status">
          {invite.data && <Invitations invitations={invite.data.invitations} effect={invite.data.effect} />}
        </div>
      </Box>
      <Box aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>People on the waitlist</h2>
        <Fields>
          <label htmlFor={`${id}-status`}>
            Show
            <select
              id={`${id}-status`}
              value={status}
              onChange={(event) => setStatus(event.target.value as WaitlistStatus | '')}
            >
              <option value="">Everyone</option>
              {statuses.map((entry) => (
                <option key={entry} value={entry}>
                  {entry}
                </option>
              ))}
            </select>
          </label>
        </Fields>
        <Entries status={status} invite={invite} />
      </Box>
      <Box aria-labelledby={`${id}-purge`}>
        <h2 id={`${id}-purge`}>Purge</h2>
        <p>Delete the waitlist entries older than a number of days. A dry run shows how many first.</p>
        <Purge />
      </Box>
    </>
  );
}
