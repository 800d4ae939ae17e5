import styled from '@emotion/styled';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { TextButton } from '../../components/Button';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import type { EventLinkWithFunnel, PartnerFunnel } from '../../domain/contracts/partner';
import { apiErrorDetail, apiErrorStatus } from '../../shared/api';
import { partnerPosterPath } from '../../shared/routePaths';
import { EventLinkForm } from './EventLinkForm';
import {
  useEventLinksQuery,
  usePartnerCommunityQuery,
  useRevokeEventLinkMutation,
  useSignOutOrganiserMutation,
} from './partnerApi';

export const NOT_SIGNED_IN =
  'You are not signed in. Open the sign-in link we sent you on WhatsApp, or ask us for a new one.';

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: 0.75rem;
  margin: 0 0 2rem;
  div {
    padding: 0.9rem 1rem;
    border: 1px solid ${({ theme }) => theme.colors.line};
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.colors.paperRaised};
  }
  dt {
    color: ${({ theme }) => theme.colors.inkSoft};
  }
  dd {
    margin: 0;
    font-size: 1.8rem;
    font-weight: 600;
  }
`;

const Links = styled.ul`
  display: grid;
  gap: 1rem;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: 1rem;
    border: 1px solid ${({ theme }) => theme.colors.line};
    border-radius: ${({ theme }) => theme.radius.small};
  }
  h3 {
    margin: 0 0 0.25rem;
  }
  p {
    margin: 0.25rem 0;
  }
`;

const funnelText = (funnel: PartnerFunnel) =>
  `${funnel.registered} registered, ${funnel.linked} on WhatsApp, ${funnel.onboarded} onboarded`;

function EventLinkItem({ link }: { link: EventLinkWithFunnel }) {
  const [copied, setCopied] = useState<string | null>(null);
  const [revoke, { isLoading }] = useRevokeEventLinkMutation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.share_url);
      setCopied('Share link copied.');
    } catch {
      setCopied(`Copy this link: ${link.share_url}`);
    }
  };
  return (
    <li>
      <h3>{link.label}</h3>
      <p>
        Code <code>{link.code}</code>: {link.uses} of {link.max_uses} used, {link.status.replace('_', ' ')},
        last day {link.expires_on}.
      </p>
      <p>{funnelText(link.funnel)}.</p>
      <p css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1.25rem' }}>
        <TextButton type="button" onClick={copy}>
          Copy share link<VisuallyHidden> for {link.label}</VisuallyHidden>
        </TextButton>
        <Link to={partnerPosterPath(link.code)}>Door poster for {link.label}</Link>
        {link.status === 'active' && (
          <TextButton type="button" disabled={isLoading} onClick={() => void revoke(link.code)}>
            Revoke {link.label}
          </TextButton>
        )}
      </p>
      <p role="status" css={{ minHeight: '1.4em' }}>
        {copied ?? ''}
      </p>
    </li>
  );
}

/** The organiser's figures and event links: counts only, never who. */
export function PartnerDashboard() {
  const community = usePartnerCommunityQuery(undefined, {
    pollingInterval: 30_000,
    refetchOnMountOrArgChange: true,
  });
  const links = useEventLinksQuery(undefined, { pollingInterval: 30_000, refetchOnMountOrArgChange: true });
  const [signOut] = useSignOutOrganiserMutation();
  const [signedOut, setSignedOut] = useState(false);

  if (signedOut || apiErrorStatus(community.error) === 401) {
    return (
      <>
        <h1>Partner area</h1>
        <p>{signedOut ? 'You are signed out.' : NOT_SIGNED_IN}</p>
      </>
    );
  }
  if (community.error || !community.data)
    return (
      <>
        <h1>Partner area</h1>
        {community.error ? (
          <p role="alert">{apiErrorDetail(community.error, 'Could not load your community.')}</p>
        ) : (
          <p aria-busy="true">Loading your community…</p>
        )}
      </>
    );
  const { name, quota, uses_left: usesLeft, funnel } = community.data;
  return (
    <>
      <h1>{name}</h1>
      <Figures aria-label="Your community in numbers">
        <div>
          <dt>Places</dt>
          <dd>{quota}</dd>
        </div>
        <div>
          <dt>Left for new links</dt>
          <dd>{usesLeft}</dd>
        </div>
        <div>
          <dt>Registered</dt>
          <dd>{funnel.registered}</dd>
        </div>
        <div>
          <dt>On WhatsApp</dt>
          <dd>{funnel.linked}</dd>
        </div>
        <div>
          <dt>Onboarded</dt>
          <dd>{funnel.onboarded}</dd>
        </div>
      </Figures>
      <section aria-labelledby="new-link">
        <h2 id="new-link">New event link</h2>
        <EventLinkForm usesLeft={usesLeft} />
      </section>
      <section aria-labelledby="event-links">
        <h2 id="event-links">Your event links</h2>
        {links.data?.event_links.length ? (
          <Links>
            {links.data.event_links.map((link) => (
              <EventLinkItem key={link.code} link={link} />
            ))}
          </Links>
        ) : (
          <p>No links yet: make one for your next event.</p>
        )}
      </section>
      <p>
        <TextButton
          type="button"
          onClick={() => {
            void signOut()
              .unwrap()
              .then(() => setSignedOut(true));
          }}
        >
          Sign out
        </TextButton>
      </p>
    </>
  );
}
