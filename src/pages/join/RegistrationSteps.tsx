import { useMemo } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../../shared/hooks';
import {
  answersReopened,
  stepBack,
  stepCompleted,
  type JoinStep,
} from '../../features/joinFlow/joinFlowSlice';
import { InvitesPanel } from '../../features/memberInvites/InvitesPanel';
import { WhoIKnowStep } from '../../features/network/WhoIKnowStep';
import { OnboardingWizard } from '../../features/onboarding/OnboardingWizard';
import { selectOnboardingDraft, selectPhotoMeta } from '../../features/onboarding/onboardingSlice';
import { getPhotoPreviewUrl } from '../../features/onboarding/photoStore';
import type { RegistrationAnswer } from '../../features/registration/registrationApi';
import { RegistrationCompletion } from '../../features/registration/RegistrationCompletion';
import { registrationUploadFrom } from './registrationUpload';

function Completion({ onRegistered }: { onRegistered: (answer: RegistrationAnswer) => void }) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  // Taken once, when the person arrives here: the answers do not change on this screen.
  const upload = useMemo(() => registrationUploadFrom(store.getState()), [store]);
  return (
    <RegistrationCompletion
      upload={upload}
      onRegistered={onRegistered}
      onEditAnswers={() => dispatch(answersReopened())}
      afterWelcome={() => <InvitesPanel />}
    />
  );
}

/** The registration after the invite gate: the wizard, the two who-I-know steps, then completion. */
export function RegistrationSteps({
  step,
  onRegistered,
}: {
  step: Exclude<JoinStep, 'tutorial'>;
  onRegistered: (answer: RegistrationAnswer) => void;
}) {
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectOnboardingDraft);
  const photo = useAppSelector(selectPhotoMeta);
  const next = () => dispatch(stepCompleted());

  switch (step) {
    case 'form':
      return <OnboardingWizard onFinished={next} />;
    case 'whoIKnow1':
    case 'whoIKnow2':
      return (
        <WhoIKnowStep
          part={step === 'whoIKnow1' ? 1 : 2}
          userName={draft.firstName}
          userPhotoUrl={photo ? getPhotoPreviewUrl(photo.id) : undefined}
          onBack={() => dispatch(stepBack())}
          onComplete={next}
        />
      );
    case 'completion':
      return <Completion onRegistered={onRegistered} />;
  }
}
