import { css } from '@emotion/react';
import styled from '@emotion/styled';
import { animated, useSpring } from '@react-spring/web';
import { useEffect, useState, type ReactNode } from 'react';
import { animationDuration, prefersReducedMotion } from '../../shared/motion';

/** A bubble grows in 300 ms (0.1 s on slow devices, at once under reduced motion). */
export const BUBBLE_GROW_MS = 300;

export type BubbleStage = 'hidden' | 'growing' | 'visible';

interface StageState {
  stage: BubbleStage;
  growMs: number;
}

/**
 * hidden → (after delayMs) growing → (after the grow) visible. Motion preferences are read inside
 * the effect: the server render and the first client render are both "hidden".
 */
function useBubbleStage(delayMs: number, play: boolean): StageState {
  const [state, setState] = useState<StageState>({ stage: 'hidden', growMs: BUBBLE_GROW_MS });
  useEffect(() => {
    if (!play) return;
    if (prefersReducedMotion()) {
      const timer = setTimeout(() => setState({ stage: 'visible', growMs: 0 }), 0);
      return () => clearTimeout(timer);
    }
    const growMs = animationDuration(BUBBLE_GROW_MS);
    const timers = [
      setTimeout(() => setState({ stage: 'growing', growMs }), delayMs),
      setTimeout(() => setState({ stage: 'visible', growMs }), delayMs + growMs),
    ];
    return () => timers.forEach(clearTimeout);
  }, [delayMs, play]);
  return state;
}

type Side = 'left' | 'right';

const bubbleShape = ({ side }: { side: Side }) => css`
  max-width: 82%;
  align-self: ${side === 'right' ? 'flex-end' : 'flex-start'};
  transform-origin: ${side === 'right' ? 'bottom right' : 'bottom left'};
  padding: 0.5em 0.8em;
  border-radius: ${side === 'right' ? '18px 18px 4px 18px' : '18px 18px 18px 4px'};
  font-size: var(--bubble-font-size, 0.95rem);
  line-height: 1.35;
  box-shadow: 0 1px 2px rgba(21, 21, 28, 0.12);
  overflow-wrap: anywhere;
`;

/** A bubble waiting for its turn: a plain element, so the page hydrates no animation for it. */
const WaitingBubble = styled.div<{ side: Side }>`
  ${bubbleShape};
  opacity: 0;
  transform: scale(0.4);
`;

/** Emotion forwards every prop to a component (animated.div would put `side` on the <div>): kept back. */
const AnimatedBubble = styled(animated.div, { shouldForwardProp: (prop) => prop !== 'side' })<{ side: Side }>(
  bubbleShape,
);

const Sender = styled.span`
  display: block;
  font-size: 0.8em;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.accentStrong};
`;

const Content = styled.span<{ clampOnMobile: boolean }>`
  display: block;
  ${({ theme, clampOnMobile }) =>
    clampOnMobile
      ? `${theme.media.mobile} {
          display: -webkit-box;
          -webkit-line-clamp: 2;
          -webkit-box-orient: vertical;
          overflow: hidden;
        }`
      : ''}
`;

export interface ChatBubbleProps {
  side: Side;
  backgroundColor: string;
  textColor: string;
  /** When the bubble starts to grow, counted from when `play` became true. */
  delayMs: number;
  play?: boolean;
  /** A name above the text, for group chats. */
  sender?: string;
  /** Under 768 px the phone demo's text bubbles clamp to two lines (docs/product.md, The pages). */
  clampOnMobile?: boolean;
  children: ReactNode;
}

interface BubbleLookProps {
  side: Side;
  stage: BubbleStage;
  colours: { background: string; color: string };
  children: ReactNode;
}

/** The spring exists only from the moment the bubble starts to grow (it replaces WaitingBubble). */
function GrowingBubble({ side, stage, colours, growMs, children }: BubbleLookProps & { growMs: number }) {
  const spring = useSpring({
    from: { opacity: 0, scale: 0.4 },
    to: { opacity: 1, scale: 1 },
    config: { duration: growMs },
    immediate: growMs === 0,
  });
  return (
    <AnimatedBubble
      side={side}
      data-stage={stage}
      style={{
        ...colours,
        opacity: spring.opacity,
        transform: spring.scale.to((scale) => `scale(${scale})`),
      }}
    >
      {children}
    </AnimatedBubble>
  );
}

export function ChatBubble({
  side,
  backgroundColor,
  textColor,
  delayMs,
  play = true,
  sender,
  clampOnMobile = false,
  children,
}: ChatBubbleProps) {
  const { stage, growMs } = useBubbleStage(delayMs, play);
  const colours = { background: backgroundColor, color: textColor };
  const content = (
    <>
      {sender && <Sender>{sender}</Sender>}
      <Content clampOnMobile={clampOnMobile}>{children}</Content>
    </>
  );
  return stage === 'hidden' ? (
    <WaitingBubble side={side} data-stage={stage} style={colours}>
      {content}
    </WaitingBubble>
  ) : (
    <GrowingBubble side={side} stage={stage} colours={colours} growMs={growMs}>
      {content}
    </GrowingBubble>
  );
}
