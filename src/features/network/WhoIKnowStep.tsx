import styled from '@emotion/styled';
import { useEffect, useId, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../../shared/hooks';
import { TextButton } from '../../components/Button';
import { limits } from '../../domain/limits';
import { SCREEN_HEADING } from '../../shared/useFocusScreenHeading';
import { CommunityReveal } from './CommunityReveal';
import { EntriesPanel } from './EntriesPanel';
import type { NetworkPart } from './entryPositions';
import { NetworkCard } from './NetworkCard';
import { entryAdded, selectPartEntries } from './networkSlice';

/** Completion 1.5 s after the third entry, 3.2 s after pressing Continue. */
export const REVEAL_COMPLETE_MS = 1500;
export const CONTINUE_COMPLETE_MS = 3200;

/** The screen copy, word for word. */
export const STEP_COPY = {
  1: {
    title: 'Who I Know',
    instruction: 'Add 3 groups, communities or organisations that you are part of; one at a time!',
    listLabel: 'Groups, communities and organisations I am part of',
    revealCaption: 'Your community',
    revealCaptionAt: 'bottom',
  },
  2: {
    title: 'People Who Matter To Me',
    instruction:
      'Add 3 people who matter most to you; family, close friends, important professionals etc; one at a time!',
    listLabel: 'People who matter to me',
    revealCaption: 'Your people',
    revealCaptionAt: 'top',
  },
} as const;

export interface WhoIKnowStepProps {
  part: NetworkPart;
  userPhotoUrl?: string;
  userName: string;
  onBack: () => void;
  onComplete: () => void;
  busy?: boolean;
}

const Page = styled.section`
  display: grid;
  gap: 1rem;
  width: min(100%, 40rem);
  margin: 0 auto;
  padding: 1rem 1rem 2rem;
  h1 {
    margin: 0;
    font-size: clamp(1.75rem, 5vw, 2.5rem);
  }
  ${({ theme }) => theme.media.desktop} {
    padding: 2rem 1.5rem 3rem;
    gap: 1.25rem;
  }
`;

const TopRow = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
`;

const Track = styled.div`
  flex: 1;
  height: 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.line};
  overflow: hidden;
  span {
    display: block;
    height: 100%;
    background: ${({ theme }) => theme.colors.accent};
    transition: width 0.3s ease;
  }
  @media (prefers-reduced-motion: reduce) {
    span {
      transition: none;
    }
  }
`;

const Instruction = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

/**
 * One who-I-know screen: progress, title, instruction, the network card and the entries
 * panel. A new part starts afresh (keyed), and leaving the screen cancels any pending completion.
 */
export function WhoIKnowStep(props: WhoIKnowStepProps) {
  return <WhoIKnowScreen key={props.part} {...props} />;
}

function WhoIKnowScreen({
  part,
  userPhotoUrl,
  userName,
  onBack,
  onComplete,
  busy = false,
}: WhoIKnowStepProps) {
  const copy = STEP_COPY[part];
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const entries = useAppSelector((state) => selectPartEntries(state, part));
  const [revealing, setRevealing] = useState(false);
  const [continuing, setContinuing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latestOnComplete = useRef(onComplete);
  const titleId = useId();
  const max = limits.entriesPerStep;
  const count = Math.min(entries.length, max);

  useEffect(() => {
    latestOnComplete.current = onComplete;
  }, [onComplete]);

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );

  /** One pending completion at a time; a second request waits for the first. */
  const completeAfter = (ms: number) => {
    if (timer.current !== null) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      setContinuing(false);
      latestOnComplete.current();
    }, ms);
  };

  const add = (group: string, location: string): boolean => {
    const before = selectPartEntries(store.getState(), part).length;
    dispatch(entryAdded({ part, group, location }));
    const after = selectPartEntries(store.getState(), part).length;
    if (after === before) return false;
    if (after === max) {
      setRevealing(true);
      completeAfter(REVEAL_COMPLETE_MS);
    }
    return true;
  };

  const continueNow = () => {
    setContinuing(true);
    completeAfter(CONTINUE_COMPLETE_MS);
  };

  return (
    <Page aria-labelledby={titleId}>
      <TopRow>
        <TextButton type="button" onClick={onBack}>
          <span aria-hidden="true">← </span>Back
        </TextButton>
        <Track
          role="progressbar"
          aria-label="Entries added"
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={count}
          aria-valuetext={`${count} of ${max}`}
        >
          <span style={{ width: `${(count / max) * 100}%` }} />
        </Track>
        <strong aria-hidden="true">{`${count}/${max}`}</strong>
      </TopRow>
      <h1 id={titleId} tabIndex={-1} {...SCREEN_HEADING}>
        {copy.title}
      </h1>
      <Instruction>{copy.instruction}</Instruction>
      <NetworkCard
        entries={entries}
        userPhotoUrl={userPhotoUrl}
        userName={userName}
        listLabel={copy.listLabel}
      >
        {revealing && (
          <CommunityReveal
            entries={entries}
            caption={copy.revealCaption}
            captionAt={copy.revealCaptionAt}
            onFinished={() => setRevealing(false)}
          />
        )}
      </NetworkCard>
      <EntriesPanel
        part={part}
        count={count}
        loading={busy || continuing}
        onAdd={add}
        onContinue={continueNow}
      />
    </Page>
  );
}
