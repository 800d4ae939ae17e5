import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { TextButton } from '../../components/Button';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import type { CommunityView } from '../../domain/contracts/adminCommunities';
import { visible } from '../../domain/visibleText';
import { apiErrorDetail } from '../../shared/api';
import { Box, ErrorText, Fields, Moment, QueryState, ReasonField } from './consoleParts';
import { ConsoleTable, type Column } from './ConsoleTable';
import { formatCount } from './consoleFormat';
import { Check, DangerButton } from './DryRunAction';
import {
  useCreateOrganiserSignInLinkMutation,
  useListCommunitiesQuery,
  useSuspendCommunityMutation,
} from './consoleSectionsApi';
import { Buttons, focusOn, WayIn } from './communityParts';

const communityColumns: Column<CommunityView>[] = [
  { header: 'Name', rowHeader: true, kind: 'long', cell: (community) => visible(community.name) },
  {
    header: 'Organiser',
    kind: 'long',
    cell: (community) => (community.organiser === null ? '—' : visible(community.organiser)),
  },
  { header: 'Status', cell: (community) => community.status },
  { header: 'Quota', kind: 'number', cell: (community) => formatCount(community.quota) },
  { header: 'Uses left', kind: 'number', cell: (community) => formatCount(community.uses_left) },
  { header: 'Live links', kind: 'number', cell: (community) => formatCount(community.live_links) },
  { header: 'Checked', kind: 'number', cell: (community) => formatCount(community.funnel.checked) },
  { header: 'Registered', kind: 'number', cell: (community) => formatCount(community.funnel.registered) },
  { header: 'Linked', kind: 'number', cell: (community) => formatCount(community.funnel.linked) },
  { header: 'Onboarded', kind: 'number', cell: (community) => formatCount(community.funnel.onboarded) },
  { header: 'Created', cell: (community) => <Moment at={community.created_at} /> },
];

/**
 * The confirmation of a suspension: what it does, a reason (required, kept in the audit log), then
 * the change. The route has no dry run, so the effect is said from the list's own counts.
 */
function Suspend({
  community,
  onDone,
  onCancel,
}: {
  community: CommunityView;
  onDone: (effect: string) => void;
  onCancel: () => void;
}) {
  const [suspend, suspension] = useSuspendCommunityMutation();
  const [reason, setReason] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const name = visible(community.name);
  useEffect(() => focusOn(heading), [community.id]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return;
    const done = await suspend({ id: community.id, reason: reason.trim() })
      .unwrap()
      .catch(() => null);
    if (done) onDone(done.effect);
  };
  return (
    <Check aria-labelledby={`${id}-title`} onSubmit={(event) => void submit(event)}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Suspend “{name}”
      </h3>
      <p>
        Its {formatCount(community.live_links)} live event{' '}
        {community.live_links === 1 ? 'link stops' : 'links stop'} admitting anyone and its organiser’s
        sessions end. Nothing has changed yet.
      </p>
      <Fields>
        <ReasonField id={`${id}-reason`} value={reason} onChange={setReason} />
      </Fields>
      <Buttons>
        <DangerButton type="submit" disabled={suspension.isLoading || !reason.trim()}>
          {suspension.isLoading ? 'Working…' : 'Suspend the community'}
        </DangerButton>
        <TextButton type="button" onClick={onCancel} disabled={suspension.isLoading}>
          Cancel
        </TextButton>
      </Buttons>
      {suspension.isError && (
        <ErrorText role="alert">
          {apiErrorDetail(suspension.error, 'The suspension failed. Nothing was changed.')}
        </ErrorText>
      )}
    </Check>
  );
}

export function Communities({ onCopy }: { onCopy: (url: string, organiser: string) => void }) {
  const query = useListCommunitiesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [newLink, linking] = useCreateOrganiserSignInLinkMutation();
  const [linkFor, setLinkFor] = useState('');
  const [suspending, setSuspending] = useState<string | null>(null);
  const [suspended, setSuspended] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const communities = query.data?.communities ?? [];
  const chosen = communities.find(
    (community) => community.id === suspending && community.status === 'active',
  );
  const close = () => {
    setSuspending(null);
    focusOn(heading);
  };
  const askLink = (community: CommunityView) => {
    linking.reset();
    setSuspended('');
    setLinkFor(visible(community.name));
    void newLink(community.id)
      .unwrap()
      .catch(() => undefined);
  };
  return (
    <Box aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Communities
      </h2>
      <p>
        Each community’s quota, the places not yet given to a live event link, and how far the people its
        links admitted got: link checked, registered, linked on WhatsApp, onboarded. Counts only, as its
        organiser sees them.
      </p>
      {linking.isError && (
        <ErrorText role="alert">
          {apiErrorDetail(linking.error, 'The sign-in link could not be made.')}
        </ErrorText>
      )}
      <div role="status">
        {linking.data && (
          <WayIn signIn={linking.data} done={`A new sign-in link for “${linkFor}”.`} onCopy={onCopy} />
        )}
        {suspended && <p>Done: {visible(suspended)}.</p>}
      </div>
      <QueryState what="communities" query={query}>
        <ConsoleTable
          caption="Approved communities"
          columns={communityColumns}
          rows={communities}
          rowKey={(community) => community.id}
          actions={{
            header: 'Actions',
            // A suspended community admits nobody and its organiser cannot sign in: nothing to do here.
            cell: (community) =>
              community.status === 'active' && (
                <Buttons>
                  {community.organiser !== null && (
                    <TextButton type="button" disabled={linking.isLoading} onClick={() => askLink(community)}>
                      New sign-in link<VisuallyHidden> for {visible(community.name)}</VisuallyHidden>
                    </TextButton>
                  )}
                  <TextButton
                    type="button"
                    onClick={() => {
                      setSuspended('');
                      setSuspending(community.id);
                    }}
                  >
                    Suspend…<VisuallyHidden> {visible(community.name)}</VisuallyHidden>
                  </TextButton>
                </Buttons>
              ),
          }}
          empty="No communities yet: approving an application makes one."
        />
        {chosen && (
          <Suspend
            community={chosen}
            onCancel={close}
            onDone={(effect) => {
              linking.reset();
              setSuspended(effect);
              close();
            }}
          />
        )}
      </QueryState>
    </Box>
  );
}

/**
 * Section: community partners (issue 50) — applications from /communities to approve (with a quota,
 * answering the organiser's sign-in link to send on WhatsApp) or decline, and the communities with
 * their quota and funnel: a new sign-in link for an organiser, or a suspension with a reason.
 */
