import styled from '@emotion/styled';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PrimaryButton, TextButton } from '../../components/Button';
import { apiErrorDetail } from '../../shared/api';
import { ErrorText, Fields, ReasonField } from './consoleParts';
import { visible } from '../../domain/visibleText';

/** The box of a confirmation: its heading, what will change, the reason and the buttons. */
export const Check = styled.form`
  margin-top: 1rem;
  padding: 1rem 1.25rem;
  border: 2px solid ${({ theme }) => theme.colors.error};
  border-radius: ${({ theme }) => theme.radius.small};
  h3 {
    margin: 0 0 0.5rem;
    font-size: 1.15rem;
  }
  .effect {
    font-weight: 600;
  }
  .buttons {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1rem;
    align-items: center;
  }
`;

export const DangerButton = styled(PrimaryButton)`
  background: ${({ theme }) => theme.colors.error};
`;

type Step =
  | { step: 'idle' }
  | { step: 'previewing' }
  | { step: 'check'; effect: string }
  | { step: 'performing'; effect: string };

export interface DryRunActionProps {
  /** The button that asks for the dry run, e.g. "Revoke 3 codes…". */
  start: string;
  disabled?: boolean;
  /** Calls the route with `dry_run: true`; answers its effect. */
  preview: () => Promise<{ effect: string }>;
  /** Calls it for real with the operator's reason; answers its effect. */
  perform: (reason: string) => Promise<{ effect: string }>;
  /** The confirming button, e.g. "Revoke the codes". */
  confirm: string;
  /** A typed confirmation: what the operator must type (any of `accepts`), and how it is asked. */
  typed?: { label: string; accepts: string[] };
  onDone?: (effect: string) => void;
}

/**
 * Every destructive action goes this way: the dry run first (the route run and rolled back), its
 * effect shown; then a reason (and, for an erasure, the name typed); then the change itself. The
 * outcome is said in a live region that is always on the page, so a screen reader hears it.
 */
export function DryRunAction({
  start,
  disabled,
  preview,
  perform,
  confirm,
  typed,
  onDone,
}: DryRunActionProps) {
  const [state, setState] = useState<Step>({ step: 'idle' });
  const [reason, setReason] = useState('');
  const [typedText, setTypedText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState('');
  const checkHeading = useRef<HTMLHeadingElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const id = useId();
  const inCheck = state.step === 'check' || state.step === 'performing';

  useEffect(() => {
    if (inCheck) checkHeading.current?.focus();
  }, [inCheck]);

  const askDryRun = async () => {
    setFailure(null);
    setOutcome('');
    setState({ step: 'previewing' });
    try {
      const { effect } = await preview();
      setReason('');
      setTypedText('');
      setState({ step: 'check', effect });
    } catch (error) {
      setState({ step: 'idle' });
      setFailure(apiErrorDetail(error, 'The dry run failed. Nothing was changed.'));
    }
  };

  const cancel = () => {
    setState({ step: 'idle' });
    setFailure(null);
    startButton.current?.focus();
  };

  const typedMatches = !typed || typed.accepts.includes(typedText.trim());
  const canConfirm = state.step === 'check' && reason.trim() !== '' && typedMatches;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.step !== 'check' || !canConfirm) return;
    setFailure(null);
    setState({ step: 'performing', effect: state.effect });
    try {
      const { effect } = await perform(reason.trim());
      setState({ step: 'idle' });
      setOutcome(`Done: ${effect}.`);
      startButton.current?.focus();
      onDone?.(effect);
    } catch (error) {
      setState({ step: 'check', effect: state.effect });
      setFailure(apiErrorDetail(error, 'The change failed. Nothing was changed.'));
    }
  };

  return (
    <div>
      <PrimaryButton
        ref={startButton}
        type="button"
        onClick={() => void askDryRun()}
        disabled={disabled || state.step !== 'idle'}
      >
        {state.step === 'previewing' ? 'Checking what would change…' : start}
      </PrimaryButton>
      {inCheck && (
        <Check aria-labelledby={`${id}-title`} onSubmit={(event) => void submit(event)}>
          <h3 id={`${id}-title`} ref={checkHeading} tabIndex={-1}>
            Check what will change
          </h3>
          <p>
            A dry run found that this would have: <span className="effect">{visible(state.effect)}</span>.
            Nothing has changed yet.
          </p>
          <Fields>
            <ReasonField id={`${id}-reason`} value={reason} onChange={setReason} />
          </Fields>
          {typed && (
            <Fields>
              <label htmlFor={`${id}-typed`}>
                {typed.label}
                <input
                  id={`${id}-typed`}
                  value={typedText}
                  autoComplete="off"
                  onChange={(event) => setTypedText(event.target.value)}
                />
              </label>
            </Fields>
          )}
          <div className="buttons">
            <DangerButton type="submit" disabled={!canConfirm}>
              {state.step === 'performing' ? 'Working…' : confirm}
            </DangerButton>
            <TextButton type="button" onClick={cancel} disabled={state.step === 'performing'}>
              Cancel
            </TextButton>
          </div>
        </Check>
      )}
      {failure && <ErrorText role="alert">{failure}</ErrorText>}
      <p role="status">{outcome}</p>
    </div>
  );
}
