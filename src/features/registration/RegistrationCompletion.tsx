import { useEffect, useRef, type ReactNode } from 'react';
import { useAppSelector } from '../../shared/hooks';
import { PrimaryButton, TextButton } from '../../components/Button';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { SCREEN_HEADING, useFocusScreenHeading } from '../../shared/useFocusScreenHeading';
import { useRegisterMutation, type RegistrationAnswer, type RegistrationUpload } from './registrationApi';
import { registrationErrorMessage } from './registrationMessages';
import { selectUploadProgress } from './registrationSlice';
import { CompletionScreen as Screen, WelcomeScreen } from './WelcomeScreen';

export interface RegistrationCompletionProps {
  /** What to send, or why it cannot be sent (the first field that fails the shared check). */
  upload: RegistrationUpload | { problem: string };
  onRegistered: (answer: RegistrationAnswer) => void;
  onEditAnswers: () => void;
  /** What the page shows under the welcome, once registered (the invites panel). */
  afterWelcome?: (answer: RegistrationAnswer) => ReactNode;
}

/**
 * The upload's progress for a screen reader, in quarters ("Uploading your registration: 50%"), each
 * said once: a <progress> bar changing its value is not announced. Nothing at 0 %, so the live region
 * is in the page before its first words.
 */
function uploadAnnouncement(progress: number): string {
  const quarter = Math.floor(progress * 4) * 25;
  return quarter > 0 ? `Uploading your registration: ${quarter}%` : '';
}

export function RegistrationCompletion({
  upload,
  onRegistered,
  onEditAnswers,
  afterWelcome,
}: RegistrationCompletionProps) {
  const [register, { data, error, isError, isSuccess }] = useRegisterMutation();
  const progress = useAppSelector(selectUploadProgress);
  const started = useRef(false);

  useEffect(() => {
    // Once per visit to this screen, even when React runs effects twice in development.
    if (started.current || 'problem' in upload) return;
    started.current = true;
    register(upload)
      .unwrap()
      .then(onRegistered)
      .catch(() => undefined);
  }, [register, upload, onRegistered]);

  const problem = 'problem' in upload ? upload.problem : isError ? registrationErrorMessage(error) : null;
  const phase = problem ? 'failed' : isSuccess && data ? 'welcome' : 'completing';
  useFocusScreenHeading(phase);
  if (problem) {
    return (
      <Screen aria-labelledby="completion-title">
        <h1 id="completion-title" tabIndex={-1} {...SCREEN_HEADING}>
          Registration Failed
        </h1>
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
      <>
        <Screen aria-labelledby="completion-title" aria-busy="true">
          <h1 id="completion-title" tabIndex={-1} {...SCREEN_HEADING}>
            Completing your registration...
          </h1>
          <p>Please wait while we set up your account.</p>
          <progress aria-label="Uploading your registration" max={1} value={progress} />
        </Screen>
        {/* Beside the busy section, not in it: a screen reader holds back what changes inside aria-busy. */}
        <VisuallyHidden as="p" role="status">
          {uploadAnnouncement(progress)}
        </VisuallyHidden>
      </>
    );
  }

  return <WelcomeScreen whatsappUrl={data.whatsapp_url}>{afterWelcome?.(data)}</WelcomeScreen>;
}
