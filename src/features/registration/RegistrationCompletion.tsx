import styled from '@emotion/styled';
import { useEffect, useRef, useState } from 'react';
import { routePaths } from '../../app/routePaths';
import { useAppSelector } from '../../app/hooks';
import { PrimaryButton, TextButton } from '../../components/Button';
import { brand } from '../../config/brand';
import { storeAccessToken } from './accessToken';
import { CopyableMessage } from './CopyableMessage';
import { useRegisterMutation, type RegistrationAnswer, type RegistrationUpload } from './registrationApi';
import {
  fallbackWhatsAppUrl,
  messageFromWhatsAppUrl,
  numberFromWhatsAppUrl,
  registrationErrorMessage,
} from './registrationMessages';
import { selectUploadProgress } from './registrationSlice';

/** Spec §9: the panel with the number and a message to send appears after 12 s. */
export const FALLBACK_PANEL_DELAY_MS = 12_000;

const Screen = styled.section`
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

export interface RegistrationCompletionProps {
  /** What to send, or why it cannot be sent (the first missing field, spec §5). */
  upload: RegistrationUpload | { problem: string };
  onRegistered: (answer: RegistrationAnswer) => void;
  onEditAnswers: () => void;
}

export function RegistrationCompletion({ upload, onRegistered, onEditAnswers }: RegistrationCompletionProps) {
  const [register, { data, error, isError, isSuccess }] = useRegisterMutation();
  const progress = useAppSelector(selectUploadProgress);
  const [showFallback, setShowFallback] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // Once per visit to this screen, even when React runs effects twice in development.
    if (started.current || 'problem' in upload) return;
    started.current = true;
    register(upload)
      .unwrap()
      .then((answer) => {
        storeAccessToken(answer.access_token);
        onRegistered(answer);
      })
      .catch(() => undefined);
  }, [register, upload, onRegistered]);

  useEffect(() => {
    if (!isSuccess) return;
    const timer = setTimeout(() => setShowFallback(true), FALLBACK_PANEL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isSuccess]);

  const problem = 'problem' in upload ? upload.problem : isError ? registrationErrorMessage(error) : null;
  if (problem) {
    return (
      <Screen aria-labelledby="completion-title">
        <h1 id="completion-title">Registration Failed</h1>
        <p role="alert">{problem}</p>
        <PrimaryButton type="button" onClick={() => window.location.reload()}>
          Try Again
        </PrimaryButton>
        <p>
          <TextButton type="button" onClick={onEditAnswers}>
            Change my answers
          </TextButton>
        </p>
      </Screen>
    );
  }

  if (!isSuccess || !data) {
    return (
      <Screen aria-labelledby="completion-title" aria-busy="true">
        <h1 id="completion-title">Completing your registration...</h1>
        <p>Please wait while we set up your account.</p>
        <progress aria-label="Uploading your registration" max={1} value={progress} />
      </Screen>
    );
  }

  const whatsappUrl = data.whatsapp_url || fallbackWhatsAppUrl;
  return (
    <Screen aria-labelledby="completion-title">
      <h1 id="completion-title">Welcome to {brand.productName}.</h1>
      <p>Meet {brand.assistantName} - your social intelligence</p>
      <WhatsAppLink href={whatsappUrl} rel="noopener">
        Go to WhatsApp
      </WhatsAppLink>
      {showFallback && (
        <Fallback role="region" aria-label="Message Becca yourself">
          <p css={{ margin: '0 0 0.5rem' }}>
            WhatsApp didn’t open? Message {brand.assistantName} on{' '}
            <strong>{numberFromWhatsAppUrl(whatsappUrl)}</strong> with:
          </p>
          <CopyableMessage text={messageFromWhatsAppUrl(whatsappUrl)} />
        </Fallback>
      )}
      <p css={{ marginTop: '2rem' }}>
        <a href={routePaths.account}>Your account</a>: see your details, download your data or delete your
        account.
      </p>
    </Screen>
  );
}
