import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PrimaryButton, TextButton } from '../../components/Button';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import type { CommunityApplicationView, OrganiserSignIn } from '../../domain/contracts/adminCommunities';
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
  useDeclineCommunityApplicationMutation,
  useListCommunityApplicationsQuery,
} from './consoleSectionsApi';
import { Communities } from './CommunityList';
import { focusOn, useCopyLink, WayIn } from './communityParts';

const quotaRange = limits.community.quota;

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
