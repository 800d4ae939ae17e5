import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PrimaryButton } from '../../components/Button';
import type { InviteCodeView } from '../../domain/contracts/adminInviteCodes';
import type { MemberDetail } from '../../domain/contracts/adminMembers';
import { apiErrorDetail } from '../../shared/api';
import { routePaths } from '../../shared/routePaths';
import {
  Box,
  ErrorText,
  Facts,
  Fields,
  memberPageLink,
  Moment,
  PanelHeading,
  QueryState,
  ReasonField,
} from './consoleParts';
import { ConsoleTable, type Column } from './ConsoleTable';
import { NumberField, numberFieldError } from './NumberField';
import { cohortName, formatCount } from './consoleFormat';
import {
  useDeleteMemberMutation,
  useGrantMemberInvitesMutation,
  useGetMemberQuery,
  useRevokeInviteBranchMutation,
} from './consoleSectionsApi';
import { DryRunAction } from './DryRunAction';
import { limits } from '../../domain/limits';
import { visible } from '../../domain/visibleText';

function InvitedBy({ member }: { member: MemberDetail }) {
  const inviter = member.invited_by;
  if (!inviter) return <>an operator’s code</>;
  if (inviter.erased) return <>a member who has since erased their account</>;
  return <Link to={memberPageLink(inviter.id)}>{visible(inviter.first_name ?? inviter.id)}</Link>;
}

function Profile({ member }: { member: MemberDetail }) {
  return (
    <Facts>
      <dt>Member id</dt>
      <dd>
        <code>{member.id}</code>
      </dd>
      <dt>Age</dt>
      <dd>{member.age}</dd>
      <dt>Location</dt>
      <dd>{visible(member.location)}</dd>
      <dt>Phone</dt>
      <dd>{member.phone}</dd>
      <dt>Occupation</dt>
      <dd className="long">{visible(member.occupation)}</dd>
      <dt>Looking for</dt>
      <dd>{visible(member.looking_for.join(', ')) || '—'}</dd>
      <dt>Interests</dt>
      <dd>{visible(member.interests.join(' · ')) || '—'}</dd>
      <dt>Who they know</dt>
      <dd>
        {visible(
          member.who_i_know.map((entry) => `${entry.name} (${entry.kind}, ${entry.location})`).join('; '),
        ) || '—'}
      </dd>
      <dt>Photos</dt>
      <dd>{formatCount(member.photos.length)}</dd>
    </Facts>
  );
}

function Status({ member }: { member: MemberDetail }) {
  return (
    <Facts>
      <dt>Status</dt>
      <dd>{member.status}</dd>
      <dt>Registered</dt>
      <dd>
        <Moment at={member.registered_at} />
      </dd>
      <dt>Linked on WhatsApp</dt>
      <dd>
        <Moment at={member.linked_at} none="not yet" />
      </dd>
      <dt>Onboarded</dt>
      <dd>
        <Moment at={member.onboarded_at} none="not yet" />
      </dd>
      <dt>Joined with</dt>
      <dd>
        <code>{member.invite_code}</code>
      </dd>
      <dt>Invited by</dt>
      <dd>
        <InvitedBy member={member} />
      </dd>
    </Facts>
  );
}

const inviteColumns: Column<InviteCodeView>[] = [
  { header: 'Code', rowHeader: true, cell: (code) => <code>{code.code}</code> },
  { header: 'Label', kind: 'long', cell: (code) => cohortName(code.label) },
  {
    header: 'Uses',
    kind: 'number',
    cell: (code) => `${formatCount(code.uses)} of ${formatCount(code.max_uses)}`,
  },
  { header: 'Status', cell: (code) => code.status },
  { header: 'Created', cell: (code) => <Moment at={code.created_at} /> },
];

function Invites({ member }: { member: MemberDetail }) {
  return (
    <ConsoleTable
      caption="Their invites"
      columns={inviteColumns}
      rows={member.invites}
      rowKey={(code) => code.code}
      empty="They hold no invite codes."
    />
  );
}

const grantRange = { min: 1, max: limits.admin.grantMax };

function GrantInvites({ userId }: { userId: string }) {
  const [grant, { data, error, isError, isLoading, reset }] = useGrantMemberInvitesMutation();
  const [count, setCount] = useState('3');
  const [reason, setReason] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset();
    if (numberFieldError(count, grantRange)) return;
    void grant({ user_id: userId, count: Number(count), ...(reason.trim() ? { reason: reason.trim() } : {}) })
      .unwrap()
      .catch(() => undefined);
  };
  return (
    <>
      <form onSubmit={submit}>
        <Fields>
          <NumberField label="How many more codes" value={count} onChange={setCount} range={grantRange} />
          <ReasonField
            id={`${id}-reason`}
            label="Reason (optional)"
            value={reason}
            onChange={setReason}
            required={false}
          />
          <PrimaryButton type="submit" disabled={isLoading}>
            {isLoading ? 'Granting…' : 'Grant invites'}
          </PrimaryButton>
        </Fields>
      </form>
      {isError && (
        <ErrorText role="alert">{apiErrorDetail(error, 'The invites could not be granted.')}</ErrorText>
      )}
      <p role="status">{data ? `Done: ${visible(data.effect)}.` : ''}</p>
    </>
  );
}

/** A part of the member page: a box named by its <h2>. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </Box>
  );
}

function Details({ member, onErased }: { member: MemberDetail; onErased: (effect: string) => void }) {
  const [revokeBranch] = useRevokeInviteBranchMutation();
  const [erase] = useDeleteMemberMutation();
  const name = visible(`${member.first_name} ${member.last_name}`);
  return (
    <>
      <Part title="Profile">
        <Profile member={member} />
      </Part>
      <Part title="Status">
        <Status member={member} />
      </Part>
      <Part title="Their invites">
        <Invites member={member} />
      </Part>
      <Part title="Grant invites">
        <GrantInvites userId={member.id} />
      </Part>
      <Part title="Revoke their branch">
        <p>
          Revokes the unused codes of this member, of everyone they brought in, and so on down the tree. A dry
          run shows how many first.
        </p>
        <DryRunAction
          start="Revoke the branch…"
          preview={() => revokeBranch({ user_id: member.id, dry_run: true }).unwrap()}
          perform={(reason) => revokeBranch({ user_id: member.id, reason }).unwrap()}
          confirm="Revoke the branch"
        />
      </Part>
      <Part title="Erase this member">
        <p>
          Deletes their profile, photos, network, nominations, unused codes and sign-ins, on their request.
          This cannot be undone.
        </p>
        <DryRunAction
          start="Erase this member…"
          preview={() => erase({ id: member.id, dry_run: true }).unwrap()}
          perform={(reason) => erase({ id: member.id, reason }).unwrap()}
          confirm="Erase the member"
          typed={{ label: `Type their name (${name}) or their id to confirm`, accepts: [name, member.id] }}
          onDone={onErased}
        />
      </Part>
    </>
  );
}

/** One member's page: profile, status with its times, who invited them, their invites, and the actions. */
export function MemberPage({ id, onErased }: { id: string; onErased: (effect: string) => void }) {
  const query = useGetMemberQuery(id, { refetchOnMountOrArgChange: true });
  const member = query.data?.id === id ? query.data : undefined;
  return (
    <>
      <p>
        <Link to={routePaths.adminMembers}>All members</Link>
      </p>
      <PanelHeading>{member ? visible(`${member.first_name} ${member.last_name}`) : 'Member'}</PanelHeading>
      <QueryState what="member" query={query}>
        {member && <Details member={member} onErased={onErased} />}
      </QueryState>
    </>
  );
}
