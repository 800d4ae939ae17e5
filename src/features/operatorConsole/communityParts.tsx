import styled from '@emotion/styled';
import { useState, type RefObject } from 'react';
import { TextButton } from '../../components/Button';
import { NewTabHint, VisuallyHidden } from '../../components/VisuallyHidden';
import type { OrganiserSignIn } from '../../domain/contracts/adminCommunities';
import { limits } from '../../domain/limits';
import { visible } from '../../domain/visibleText';

// What both halves of the Communities section (CommunitiesPanel, CommunityList) share: their row of
// buttons, focus moves, copying a link and the organiser's way in.

export const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1rem;
  align-items: center;
`;

/** Moves focus to a heading (tabIndex -1) once the part it names has changed under the keyboard. */
export const focusOn = (heading: RefObject<HTMLHeadingElement | null>) => heading.current?.focus();

export function useCopyLink() {
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
export function WayIn({
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
