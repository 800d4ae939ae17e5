import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector, useAppStore } from '../../shared/hooks';
import { useFocusScreenHeading } from '../../shared/useFocusScreenHeading';
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
import {
  inviteDialogClosedBefore,
  rememberInviteDialogClosed,
} from '../../features/joinFlow/inviteDialogMemory';
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
  const store = useAppStore();
  // Closed once: it stays closed (no opening at load, no tutorial auto-advance) until asked for.
  const [dialogClosedBefore, setDialogClosedBefore] = useState(() => inviteDialogClosedBefore());
  useLayoutEffect(() => {
    const { joinFlow } = store.getState();
    if (dialogClosedBefore && !linkCode && joinFlow?.overlayOpen && joinFlow.step === 'tutorial')
      dispatch(overlayClosed());
    // Only as the page opens: later the visitor decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const closeDialog = useCallback(() => {
    rememberInviteDialogClosed();
    setDialogClosedBefore(true);
    dispatch(overlayClosed());
  }, [dispatch]);
  useFocusScreenHeading(overlayOpen ? 'invite dialog' : step);
  // Registered in this tab already: a reload shows the welcome again, with the invites panel.
  const [welcome] = useState(() => {
    const whatsappUrl = loadRegisteredWelcome();
    return readAccessToken() && whatsappUrl ? { whatsappUrl } : null;
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
            <InvitesPanel />
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
          <Tutorial
            onFinished={openInviteFlow}
            onAutoAdvance={dialogClosedBefore ? undefined : openInviteFlow}
          />
        ) : (
          <RegistrationSteps step={step} onRegistered={onRegistered} />
        )}
      </PageLayout>
      {overlayOpen && (
        <InviteOverlay onAccepted={(code) => dispatch(inviteAccepted(code))} onClose={closeDialog} />
      )}
    </>
  );
}
