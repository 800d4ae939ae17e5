import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { PageLayout } from '../../components/PageLayout';
import { brand } from '../../config/brand';
import { InviteOverlay } from '../../features/invite/InviteOverlay';
import { codeChanged, selectInviteCode } from '../../features/invite/inviteSlice';
import {
  inviteAccepted,
  inviteFlowOpened,
  overlayClosed,
  selectJoinStep,
  selectOverlayOpen,
} from '../../features/joinFlow/joinFlowSlice';
import { InvitesPanel } from '../../features/memberInvites/InvitesPanel';
import { readAccessToken } from '../../shared/accessToken';
import type { RegistrationAnswer } from '../../features/registration/registrationApi';
import { WelcomeScreen } from '../../features/registration/WelcomeScreen';
import { Tutorial } from '../../features/tutorial/Tutorial';
import { loadRegisteredWelcome, saveRegisteredWelcome } from './registeredWelcome';
import { RegistrationSteps } from './RegistrationSteps';
import { usePersistedJoinDraft } from './usePersistedJoinDraft';
import { DocumentTitle } from '../../components/DocumentTitle';

export default function JoinPage() {
  const dispatch = useAppDispatch();
  const step = useAppSelector(selectJoinStep);
  const overlayOpen = useAppSelector(selectOverlayOpen);
  const typedCode = useAppSelector(selectInviteCode);
  const [searchParams] = useSearchParams();
  const linkCode = searchParams.get('code');

  // Organisers share /join?code=…: the code is filled in and checked as the overlay opens.
  useEffect(() => {
    if (linkCode && !typedCode) dispatch(codeChanged(linkCode.slice(0, 20)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linkCode]);

  const finishDraft = usePersistedJoinDraft();
  // Registered in this tab already: a reload shows the welcome again, with the invites panel.
  const [welcome] = useState(() => {
    const accessToken = readAccessToken();
    const whatsappUrl = loadRegisteredWelcome();
    return accessToken && whatsappUrl ? { accessToken, whatsappUrl } : null;
  });
  const onRegistered = useCallback(
    (answer: RegistrationAnswer) => {
      finishDraft();
      saveRegisteredWelcome(answer.whatsapp_url);
    },
    [finishDraft],
  );

  const openInviteFlow = useCallback(() => dispatch(inviteFlowOpened()), [dispatch]);

  if (welcome) {
    return (
      <>
        <DocumentTitle>{`Welcome to ${brand.productName}`}</DocumentTitle>
        <PageLayout>
          <WelcomeScreen whatsappUrl={welcome.whatsappUrl}>
            <InvitesPanel accessToken={welcome.accessToken} />
          </WelcomeScreen>
        </PageLayout>
      </>
    );
  }

  return (
    <>
      <DocumentTitle>{`Join ${brand.productName}`}</DocumentTitle>
      <PageLayout>
        {step === 'tutorial' ? (
          <Tutorial onFinished={openInviteFlow} />
        ) : (
          <RegistrationSteps step={step} onRegistered={onRegistered} />
        )}
      </PageLayout>
      {overlayOpen && (
        <InviteOverlay
          onAccepted={(code) => dispatch(inviteAccepted(code))}
          onClose={() => dispatch(overlayClosed())}
        />
      )}
    </>
  );
}
