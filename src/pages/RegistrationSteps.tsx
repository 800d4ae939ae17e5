import type { JoinStep } from '../features/joinFlow/joinFlowSlice';

/** The registration steps after the invite gate; the onboarding wizard arrives with its own issue. */
export function RegistrationSteps({ step }: { step: Exclude<JoinStep, 'tutorial'> }) {
  return (
    <section aria-labelledby="registration-title">
      <h1 id="registration-title">Your invite is accepted</h1>
      <p>The registration form ({step}) is being built and will be here soon.</p>
    </section>
  );
}
