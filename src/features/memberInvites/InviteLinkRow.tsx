import styled from '@emotion/styled';
import { useRef, useState } from 'react';
import { TextButton } from '../../components/Button';
import { brand } from '../../config/brand';
import { whatsAppInvitationUrl } from '../../domain/invitation';
import type { MemberInvite } from '../../domain/contracts/memberInvites';

const Row = styled.li`
  display: grid;
  gap: 0.35rem;
  padding: 0.75rem 0;
  border-top: 1px solid ${({ theme }) => theme.colors.line};
  &:first-of-type {
    border-top: 0;
  }
`;

const Code = styled.span`
  font-family: ui-monospace, 'SFMono-Regular', Menlo, monospace;
  font-weight: 600;
  letter-spacing: 0.05em;
`;

const Link = styled.span`
  font-size: 0.85rem;
  word-break: break-all;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
`;

const ShareLink = styled.a`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.success};
`;

const statusLabels: Record<MemberInvite['status'], string> = {
  unused: 'Unused',
  used: 'Used',
  expired: 'Expired',
  revoked: 'No longer active',
};

/** One code: its state, and for an unused one the link to copy or send on WhatsApp. */
export function InviteLinkRow({ invite }: { invite: MemberInvite }) {
  const [feedback, setFeedback] = useState('');
  const linkRef = useRef<HTMLSpanElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invite.share_url);
      setFeedback('Link copied');
    } catch {
      // No clipboard (an insecure page, a refused permission): select the link for a manual copy.
      if (linkRef.current) window.getSelection()?.selectAllChildren(linkRef.current);
      setFeedback('Selected: press Ctrl+C (or ⌘C) to copy.');
    }
  };

  return (
    <Row aria-label={`Invite ${invite.code}, ${statusLabels[invite.status].toLowerCase()}`}>
      <div>
        <Code>{invite.code}</Code> <span>· {statusLabels[invite.status]}</span>
      </div>
      {invite.status === 'unused' && (
        <>
          <Link ref={linkRef}>{invite.share_url}</Link>
          <Actions>
            <TextButton type="button" onClick={() => void copy()}>
              Copy link
            </TextButton>
            <ShareLink
              href={whatsAppInvitationUrl(brand.productName, invite.share_url)}
              target="_blank"
              rel="noopener noreferrer"
            >
              Share on WhatsApp
            </ShareLink>
            <span role="status" aria-live="polite">
              {feedback}
            </span>
          </Actions>
        </>
      )}
    </Row>
  );
}
