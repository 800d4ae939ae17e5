import styled from '@emotion/styled';
import { ExternalButtonLink } from '../../components/ButtonLink';
import { apiErrorDetail } from '../../shared/api';
import { InviteLinkRow } from './InviteLinkRow';
import { useMyInvitesQuery } from './memberInvitesApi';

const Panel = styled.section`
  margin-top: 2rem;
  padding: 1rem 1.25rem;
  text-align: left;
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.paperRaised};
  h2 {
    margin: 0 0 0.25rem;
    font-size: 1.35rem;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
`;

function LockedInvites({ whatsAppUrl }: { whatsAppUrl: string | null }) {
  return (
    <>
      <p>
        Your invites unlock when you message Becca on WhatsApp from the number you registered: that is how we
        know it is yours. Come back here afterwards to share them.
      </p>
      {whatsAppUrl && (
        <ExternalButtonLink href={whatsAppUrl} target="_blank" rel="noopener noreferrer">
          Message Becca on WhatsApp
        </ExternalButtonLink>
      )}
    </>
  );
}

/** "Invite friends": the signed-in member's one-use codes (the api sends this browser's access token). */
export function InvitesPanel() {
  const { data, error, isError, isLoading } = useMyInvitesQuery(undefined, {
    // A friend may have used a code since: every visit asks again.
    refetchOnMountOrArgChange: true,
  });
  const unused = data?.invites.filter((invite) => invite.status === 'unused').length ?? 0;

  return (
    <Panel aria-labelledby="invite-friends-title" aria-busy={isLoading}>
      <h2 id="invite-friends-title">Invite friends</h2>
      {isLoading && <p>Loading your invites…</p>}
      {isError && <p role="alert">{apiErrorDetail(error, 'Your invites could not be loaded.')}</p>}
      {data && !data.unlocked && <LockedInvites whatsAppUrl={data.whatsapp_url} />}
      {data && (data.unlocked || data.invites.length > 0) && (
        <>
          <p>
            {data.invites.length === 0
              ? 'You have no invite codes at the moment.'
              : `Each code lets one friend join. ${unused} of ${data.invites.length} left.`}
          </p>
          <ul aria-label="Your invite codes">
            {data.invites.map((invite) => (
              <InviteLinkRow key={invite.code} invite={invite} />
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}
