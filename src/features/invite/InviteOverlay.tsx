import styled from '@emotion/styled';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { routePaths } from '../../shared/routePaths';
import { ModalDialog } from '../../components/ModalDialog';
import { brand } from '../../config/brand';
import { InviteCodeForm } from './InviteCodeForm';
import { modeChanged, selectInviteMode } from './inviteSlice';
import { WaitlistForm } from './WaitlistForm';

/** The waitlist success screen returns to the landing page after about 3.5 s. */
export const WAITLIST_REDIRECT_MS = 3500;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-bottom: 1.25rem;
`;

const LogoButton = styled.button`
  border: 0;
  background: none;
  padding: 0.25rem 0;
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 1.5rem;
  color: ${({ theme }) => theme.colors.ink};
  cursor: pointer;
`;

const CloseButton = styled.button`
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.paper};
  font-size: 1.4rem;
  line-height: 1;
  cursor: pointer;
`;

const Title = styled.h2`
  font-size: 1.75rem;
  margin: 0 0 0.5rem;
`;

const Lead = styled.p`
  margin: 0 0 1.25rem;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const copy = {
  inviteCode: {
    title: `Join ${brand.productName}`,
    lead: `${brand.productName} is invite-only. Enter the code you were given to get started.`,
  },
  noInvite: {
    title: 'Join the waitlist',
    lead: 'No code yet? Leave your mobile number and we’ll let you know when a place opens up.',
  },
  success: { title: 'The Last Social Network', lead: 'Welcome to the future of social connections' },
} as const;

export function InviteOverlay({
  onAccepted,
  onClose,
}: {
  onAccepted: (code: string) => void;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const mode = useAppSelector(selectInviteMode);

  useEffect(() => {
    if (mode !== 'success') return;
    const timer = setTimeout(() => {
      dispatch(modeChanged('inviteCode'));
      navigate(routePaths.home);
    }, WAITLIST_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [mode, dispatch, navigate]);

  return (
    <ModalDialog labelledBy="invite-title" describedBy="invite-lead" onClose={onClose}>
      <Header>
        <LogoButton
          type="button"
          onClick={() => navigate(routePaths.home)}
          aria-label={`${brand.productName} home`}
        >
          {brand.productName}
        </LogoButton>
        <CloseButton type="button" onClick={onClose} aria-label="Close">
          ×
        </CloseButton>
      </Header>
      <Title id="invite-title">{copy[mode].title}</Title>
      <Lead id="invite-lead">{copy[mode].lead}</Lead>
      {mode === 'inviteCode' && (
        <InviteCodeForm onAccepted={onAccepted} onNoInvite={() => dispatch(modeChanged('noInvite'))} />
      )}
      {mode === 'noInvite' && (
        <WaitlistForm
          onJoined={() => dispatch(modeChanged('success'))}
          onHaveCode={() => dispatch(modeChanged('inviteCode'))}
        />
      )}
      {mode === 'success' && (
        <p role="status" css={{ margin: 0 }}>
          You’re on the list. Taking you back to the home page…
        </p>
      )}
    </ModalDialog>
  );
}
