import { useCallback, useEffect } from 'react';
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
import { Tutorial } from '../../features/tutorial/Tutorial';
import { RegistrationSteps } from './RegistrationSteps';
import { usePersistedJoinDraft } from './usePersistedJoinDraft';

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

  const openInviteFlow = useCallback(() => dispatch(inviteFlowOpened()), [dispatch]);

  return (
    <>
      <title>{`Join ${brand.productName}`}</title>
      <div inert={overlayOpen}>
        <PageLayout>
          {step === 'tutorial' ? (
            <Tutorial onFinished={openInviteFlow} />
          ) : (
            <RegistrationSteps step={step} onRegistered={finishDraft} />
          )}
        </PageLayout>
      </div>
      {overlayOpen && (
        <InviteOverlay
          onAccepted={(code) => dispatch(inviteAccepted(code))}
          onClose={() => dispatch(overlayClosed())}
        />
      )}
    </>
  );
}
