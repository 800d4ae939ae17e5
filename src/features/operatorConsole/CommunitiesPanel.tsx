import styled from '@emotion/styled';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { PrimaryButton, TextButton } from '../../components/Button';
import { NewTabHint, VisuallyHidden } from '../../components/VisuallyHidden';
import type {
  CommunityApplicationView,
  CommunityView,
  OrganiserSignIn,
} from '../../domain/contracts/adminCommunities';
import { limits } from '../../domain/limits';
import { visible } from '../../domain/visibleText';
import { apiErrorDetail } from '../../shared/api';
import { Box, ErrorText, Fields, Moment, PanelHeading, QueryState, ReasonField } from './consoleParts';
import { ConsoleTable, type Column } from './ConsoleTable';
import { formatCount } from './consoleFormat';
import { Check, DangerButton } from './DryRunAction';
import { NumberField, numberFieldError } from './NumberField';
import {
  useApproveCommunityApplicationMutation,
  useCreateOrganiserSignInLinkMutation,
  useDeclineCommunityApplicationMutation,
  useListCommunitiesQuery,
  useListCommunityApplicationsQuery,
  useSuspendCommunityMutation,
} from './consoleSectionsApi';

const quotaRange = limits.community.quota;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1rem;
  align-items: center;
`;

/** Moves focus to a heading (tabIndex -1) once the part it names has changed under the keyboard. */
const focusOn = (heading: RefObject<HTMLHeadingElement | null>) => heading.current?.focus();

function useCopyLink() {
  const [copied, setCopied] = useState('');
  const copy = async (url: string, organiser: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(`The sign-in link of ${organiser} is copied.`);
    } catch {
      setCopied(`Copying failed: select the sign-in link of ${organiser} and copy it yourself.`);
    }
  };
  return { copied, copy };
}

/**
 * An organiser's way in, as an approval or a new link answers it: the one-use link (to copy), and the
 * wa.me link that opens the operator's WhatsApp with it typed in for the organiser's number.
 */
function WayIn({
  signIn,
  done,
  onCopy,
}: {
  signIn: OrganiserSignIn;
  done: string;
  onCopy: (url: string, organiser: string) => void;
}) {
  const organiser = visible(signIn.organiser);
  return (
    <>
      <p>
        {done} The organiser’s account is <strong>{organiser}</strong>; their sign-in link works once, for{' '}
        {limits.community.signInLinkHours} hours:
      </p>
      <p>
        <code>{signIn.sign_in_url}</code>
      </p>
      <Buttons>
        <TextButton type="button" onClick={() => onCopy(signIn.sign_in_url, organiser)}>
          Copy the sign-in link<VisuallyHidden> of {organiser}</VisuallyHidden>
        </TextButton>
        <a href={signIn.whatsapp_url} target="_blank" rel="noopener noreferrer">
          Send on WhatsApp<VisuallyHidden> to {organiser}</VisuallyHidden>
          <NewTabHint />
        </a>
      </Buttons>
    </>
  );
}

const applicationColumns = (decided: boolean): Column<CommunityApplicationView>[] => [
  {
    header: 'Community',
    rowHeader: true,
    kind: 'long',
    cell: (application) => visible(application.community_name),
  },
  { header: 'Organiser', kind: 'long', cell: (application) => visible(application.organiser_name) },
  { header: 'City', kind: 'long', cell: (application) => visible(application.city) },
  { header: 'Expected size', kind: 'number', cell: (application) => formatCount(application.expected_size) },
  { header: 'Phone', cell: (application) => application.contact_phone },
  { header: 'Status', cell: (application) => application.status },
  { header: 'Applied', cell: (application) => <Moment at={application.applied_at} /> },
  ...(decided
    ? [
        {
          header: 'Decided',
          cell: (application: CommunityApplicationView) => <Moment at={application.decided_at} />,
        },
      ]
    : []),
];

type Decision =
  { kind: 'approved'; signIn: OrganiserSignIn; community: string } | { kind: 'declined'; effect: string };

/** One pending application: what the community is, then approve it (with a quota) or decline it (with a reason). */
function Review({
  application,
  onDecided,
  onClose,
}: {
  application: CommunityApplicationView;
  onDecided: (decision: Decision) => void;
  onClose: () => void;
}) {
  const [approve, approval] = useApproveCommunityApplicationMutation();
  const [decline, declining] = useDeclineCommunityApplicationMutation();
  const [quota, setQuota] = useState(String(limits.community.defaultQuota));
  const [approveReason, setApproveReason] = useState('');
  const [declineReason, setDeclineReason] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const name = visible(application.community_name);
  const busy = approval.isLoading || declining.isLoading;
  useEffect(() => focusOn(heading), [application.id]);

  const submitApproval = async (event: FormEvent) => {
    event.preventDefault();
    approval.reset();
    declining.reset();
    if (numberFieldError(quota, quotaRange)) return;
    const signIn = await approve({
      id: String(application.id),
      quota: Number(quota),
      ...(approveReason.trim() ? { reason: approveReason.trim() } : {}),
    })
      .unwrap()
      .catch(() => null);
    if (signIn) onDecided({ kind: 'approved', signIn, community: name });
  };
  const submitDecline = async (event: FormEvent) => {
    event.preventDefault();
    approval.reset();
    declining.reset();
    if (!declineReason.trim()) return;
    const declined = await decline({ id: String(application.id), reason: declineReason.trim() })
      .unwrap()
      .catch(() => null);
    if (declined) onDecided({ kind: 'declined', effect: declined.effect });
  };
  const failure = approval.isError ? approval.error : declining.isError ? declining.error : null;

  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Review “{name}”
      </h3>
      <p>
        {visible(application.organiser_name)}, {visible(application.city)}, about{' '}
        {formatCount(application.expected_size)} people at an event:
      </p>
      <blockquote>{visible(application.about)}</blockquote>
      <form aria-label={`Approve ${name}`} onSubmit={(event) => void submitApproval(event)}>
        <p>
          Approving makes the community, its organiser’s account and a sign-in link to send them. The quota is
          how many people its event links may admit in all.
        </p>
        <Fields>
          <NumberField label="Quota (places)" value={quota} onChange={setQuota} range={quotaRange} />
          <ReasonField
            id={`${id}-approve-reason`}
            label="Reason (optional, kept in the audit log)"
            value={approveReason}
            onChange={setApproveReason}
            required={false}
          />
        </Fields>
        <PrimaryButton type="submit" disabled={busy}>
          {approval.isLoading ? 'Approving…' : 'Approve'}
        </PrimaryButton>
      </form>
      <Check aria-label={`Decline ${name}`} onSubmit={(event) => void submitDecline(event)}>
        <p>Declining tells nobody; say why for the audit log.</p>
        <Fields>
          <ReasonField
            id={`${id}-decline-reason`}
            label="Reason for declining (kept in the audit log)"
            value={declineReason}
            onChange={setDeclineReason}
          />
        </Fields>
        <DangerButton type="submit" disabled={busy || !declineReason.trim()}>
          {declining.isLoading ? 'Declining…' : 'Decline'}
        </DangerButton>
      </Check>
      {failure !== null && (
        <ErrorText role="alert">{apiErrorDetail(failure, 'The decision could not be saved.')}</ErrorText>
      )}
      <p>
        <TextButton type="button" onClick={onClose} disabled={busy}>
          Close the review
        </TextButton>
      </p>
    </section>
  );
}

function Applications({ onCopy }: { onCopy: (url: string, organiser: string) => void }) {
  const query = useListCommunityApplicationsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [reviewing, setReviewing] = useState<number | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const applications = query.data?.community_applications ?? [];
  const pending = applications.filter((application) => application.status === 'pending');
  const decided = applications.filter((application) => application.status !== 'pending');
  const chosen = pending.find((application) => application.id === reviewing);
  const close = () => {
    setReviewing(null);
    focusOn(heading);
  };
  return (
    <Box aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Applications
      </h2>
      <p>
        Who asked to partner on /communities. Phones are masked; the WhatsApp link goes to the whole number.
      </p>
      <div role="status">
        {decision?.kind === 'approved' && (
          <WayIn signIn={decision.signIn} done={`Approved “${decision.community}”.`} onCopy={onCopy} />
        )}
        {decision?.kind === 'declined' && <p>Done: {visible(decision.effect)}.</p>}
      </div>
      <QueryState what="applications" query={query}>
        <h3>Waiting for a decision</h3>
        <ConsoleTable
          caption="Pending applications"
          columns={applicationColumns(false)}
          rows={pending}
          rowKey={(application) => application.id}
          actions={{
            header: 'Decide',
            cell: (application) => (
              <TextButton
                type="button"
                onClick={() => {
                  setDecision(null);
                  setReviewing(application.id);
                }}
              >
                Review<VisuallyHidden> {visible(application.community_name)}</VisuallyHidden>
              </TextButton>
            ),
          }}
          empty="No application waits for a decision."
        />
        {chosen && (
          <Review
            application={chosen}
            onClose={close}
            onDecided={(outcome) => {
              setDecision(outcome);
              close();
            }}
          />
        )}
        <h3>Decided</h3>
        <ConsoleTable
          caption="Decided applications"
          columns={applicationColumns(true)}
          rows={decided}
          rowKey={(application) => application.id}
          empty="No application has been decided yet."
        />
      </QueryState>
    </Box>
  );
}

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

function Communities({ onCopy }: { onCopy: (url: string, organiser: string) => void }) {
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
export function CommunitiesPanel() {
  const { copied, copy } = useCopyLink();
  const onCopy = (url: string, organiser: string) => void copy(url, organiser);
  return (
    <>
      <PanelHeading>Communities</PanelHeading>
      <VisuallyHidden role="status">{copied}</VisuallyHidden>
      <Applications onCopy={onCopy} />
      <Communities onCopy={onCopy} />
    </>
  );
}
