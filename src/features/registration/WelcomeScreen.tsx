import styled from '@emotion/styled';
import { useEffect, useState, type ReactNode } from 'react';
import { brand } from '../../config/brand';
import { routePaths } from '../../shared/routePaths';
import { SCREEN_HEADING } from '../../shared/useFocusScreenHeading';
import { CopyableMessage } from './CopyableMessage';
import {
  fallbackWhatsAppUrl,
  linkingCodeFromWhatsAppUrl,
  messageFromWhatsAppUrl,
  numberFromWhatsAppUrl,
} from './registrationMessages';
import { DESKTOP_HANDOFF_QUERY, WhatsAppQrCode } from './WhatsAppQrCode';

/** The panel with the number and a message to send appears after 12 s. */
export const FALLBACK_PANEL_DELAY_MS = 12_000;

export const CompletionScreen = styled.section`
  max-width: 32rem;
  margin: 2rem auto;
  text-align: center;
  h1 {
    font-size: clamp(2rem, 7vw, 2.8rem);
    margin: 0 0 0.5rem;
  }
  progress {
    width: 100%;
    height: 0.6rem;
    accent-color: ${({ theme }) => theme.colors.night};
  }
  @media ${DESKTOP_HANDOFF_QUERY} {
    max-width: 44rem;
  }
`;

/** The button first; on a desktop the QR stands beside it. */
const HandOff = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1.5rem;
  @media ${DESKTOP_HANDOFF_QUERY} {
    flex-direction: row;
    justify-content: center;
    gap: 3rem;
  }
`;

const WhatsAppLink = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 48px;
  padding: 0.75rem 1.75rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: #0b6b3a;
  color: #fff;
  font-weight: 600;
  text-decoration: none;
`;

const Fallback = styled.div`
  margin-top: 2rem;
  padding: 1rem 1.25rem;
  text-align: left;
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.paperRaised};
`;

/**
 * "Welcome to Becca.": the hand-off to WhatsApp (a button, and a QR on desktops), the fallback
 * panel after a while, then whatever the page adds below (the invites panel).
 */
export function WelcomeScreen({ whatsappUrl, children }: { whatsappUrl: string; children?: ReactNode }) {
  const [showFallback, setShowFallback] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShowFallback(true), FALLBACK_PANEL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const url = whatsappUrl || fallbackWhatsAppUrl;
  return (
    <CompletionScreen aria-labelledby="completion-title">
      <h1 id="completion-title" tabIndex={-1} {...SCREEN_HEADING}>
        Welcome to {brand.productName}.
      </h1>
      <p>Meet {brand.assistantName} - your social intelligence</p>
      <HandOff>
        <WhatsAppLink href={url} rel="noopener">
          Go to WhatsApp
        </WhatsAppLink>
        <WhatsAppQrCode url={url} linkingCode={linkingCodeFromWhatsAppUrl(url)} />
      </HandOff>
      {showFallback && (
        <Fallback role="region" aria-label="Message Becca yourself">
          <p css={{ margin: '0 0 0.5rem' }}>
            WhatsApp didn’t open? Message {brand.assistantName} on{' '}
            <strong>{numberFromWhatsAppUrl(url)}</strong> with:
          </p>
          <CopyableMessage text={messageFromWhatsAppUrl(url)} />
        </Fallback>
      )}
      {children}
      <p css={{ marginTop: '2rem' }}>
        <a href={routePaths.account}>Your account</a>: see your details, download your data or delete your
        account.
      </p>
    </CompletionScreen>
  );
}
