import styled from '@emotion/styled';
import { animated, useTransition } from '@react-spring/web';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { animationDuration } from '../../shared/motion';
import { PrimaryButton } from '../../components/Button';
import { WIZARD_STEP_ORDER, nextWizardStep } from '../../domain/fieldRules';
import { type WizardStepId } from '../../domain/registrationFields';
import {
  selectIsStepValid,
  selectWizardDirection,
  selectWizardStep,
  wentBack,
  wentNext,
} from './onboardingSlice';
import { OnboardingStep } from './OnboardingStep';
import { StepPosition } from './steps/StepLayout';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { WizardProgress } from './WizardProgress';

/** The step animation takes 0.3 s. */
export const STEP_ANIMATION_MS = 300;

const Card = styled.section`
  width: 100%;
  max-width: 40rem;
  margin: 0 auto;
  padding: 1.75rem 1.5rem 1.5rem;
  border-radius: ${({ theme }) => theme.radius.large};
  background: ${({ theme }) => theme.colors.paper};
  ${({ theme }) => theme.media.mobile} {
    padding: 1.25rem 0 1rem;
  }
`;

/** Both panels share one grid cell while one slides out and the other in; the overflow is clipped. */
const Panels = styled.div`
  display: grid;
  overflow: hidden;
  /* Room for focus outlines inside the clipped area. */
  padding: 4px;
  margin: -4px;
`;

const Panel = styled(animated.div)`
  grid-area: 1 / 1;
  min-width: 0;
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  margin-top: 1.5rem;
  button[type='submit'] {
    margin-left: auto;
    min-width: 9rem;
  }
  ${({ theme }) => theme.media.mobile} {
    button[type='submit'] {
      flex: 1;
    }
  }
`;

const BackButton = styled.button`
  min-height: 48px;
  padding: 0.75rem 1.5rem;
  border: 1.5px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.paperRaised};
  color: ${({ theme }) => theme.colors.ink};
  font-weight: 600;
  cursor: pointer;
`;

/**
 * The onboarding wizard: steps 1, 2, 3, 7 and 8 in turn, each sliding in from the right
 * going forward and from the left going back. Next is enabled once the step is valid; after the last
 * step it hands over to `onFinished` (the answers are `selectOnboardingDraft`, the photo `photoStore`).
 */
export function OnboardingWizard({ onFinished }: { onFinished: () => void }) {
  const dispatch = useAppDispatch();
  const step = useAppSelector(selectWizardStep);
  const direction = useAppSelector(selectWizardDirection);
  const isStepValid = useAppSelector(selectIsStepValid);
  const baseId = useId();
  const headingIdOf = (id: WizardStepId) => `${baseId}-step-${id}`;

  const order: readonly WizardStepId[] = WIZARD_STEP_ORDER;
  const position = Math.max(order.indexOf(step), 0) + 1;
  const stepPositionOf = (item: WizardStepId) =>
    order.includes(item) ? `Step ${order.indexOf(item) + 1} of ${order.length}` : '';

  const duration = animationDuration(STEP_ANIMATION_MS);
  const transitions = useTransition(step, {
    keys: (item: WizardStepId) => item,
    initial: null,
    from: { x: 100 * direction, opacity: 0 },
    enter: { x: 0, opacity: 1 },
    leave: { x: -100 * direction, opacity: 0 },
    config: { duration },
    immediate: duration === 0,
  });

  // The new step's heading takes focus so screen readers start reading the new question.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    document.getElementById(`${baseId}-step-${step}`)?.focus({ preventScroll: true });
  }, [baseId, step]);

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (!isStepValid) return;
    if (nextWizardStep(step) === undefined) onFinished();
    else dispatch(wentNext());
  };

  return (
    <Card aria-labelledby={`${baseId}-title`}>
      {/* The page's one h1; each step's question is an h2 under it. */}
      <VisuallyHidden as="h1" id={`${baseId}-title`}>
        Create your profile
      </VisuallyHidden>
      <WizardProgress current={position} total={order.length} />
      <form noValidate onSubmit={next}>
        <Panels>
          {transitions((style, item) => {
            const leaving = item !== step;
            return (
              <Panel
                style={{ opacity: style.opacity, transform: style.x.to((x) => `translate3d(${x}%, 0, 0)`) }}
                inert={leaving}
                aria-hidden={leaving || undefined}
              >
                <StepPosition.Provider value={stepPositionOf(item)}>
                  <OnboardingStep step={item} headingId={headingIdOf(item)} />
                </StepPosition.Provider>
              </Panel>
            );
          })}
        </Panels>
        <Actions>
          {position > 1 && (
            <BackButton type="button" onClick={() => dispatch(wentBack())}>
              Back
            </BackButton>
          )}
          <PrimaryButton type="submit" disabled={!isStepValid}>
            Next
          </PrimaryButton>
        </Actions>
      </form>
    </Card>
  );
}
