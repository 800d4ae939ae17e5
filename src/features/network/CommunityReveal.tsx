import styled from '@emotion/styled';
import { animated, useSpring } from '@react-spring/web';
import type { NetworkEntry } from '../../domain/registration';
import { animationDuration } from '../../shared/motion';

/** The community-reveal animation on the third entry lasts 2.7 s. */
export const REVEAL_ANIMATION_MS = 2700;

const Overlay = styled.div`
  position: absolute;
  inset: 0;
  pointer-events: none;
  border-radius: inherit;
  overflow: hidden;
  svg {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
  }
`;

/** Emotion forwards every prop to a component (animated.p would put `at` on the <p>): kept back here. */
const Caption = styled(animated.p, { shouldForwardProp: (prop) => prop !== 'at' })<{ at: 'top' | 'bottom' }>`
  position: absolute;
  left: 50%;
  ${({ at }) => (at === 'top' ? 'top: 3%;' : 'bottom: 3%;')}
  margin: 0;
  padding: 0.3rem 0.9rem;
  transform: translateX(-50%);
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.night};
  color: ${({ theme }) => theme.colors.paper};
  font-weight: 600;
  white-space: nowrap;
`;

/** A round ring whatever the field's shape (the SVG below stretches with the field). */
const Ring = styled(animated.div)`
  position: absolute;
  left: 50%;
  top: 50%;
  width: 84%;
  aspect-ratio: 1;
  border: 3px solid ${({ theme }) => theme.colors.gold};
  border-radius: 50%;
`;

/**
 * Lines draw from the user to each entry while a ring of light spreads out, then everything fades:
 * one spring from 0 to 1 over the whole 2.7 s (instant, so not shown, under reduced motion).
 * `captionAt` puts the caption where that part has no entry (part 1 leaves the bottom free).
 */
export function CommunityReveal({
  entries,
  caption,
  captionAt,
  onFinished,
}: {
  entries: readonly Pick<NetworkEntry, 'id' | 'x' | 'y'>[];
  caption: string;
  captionAt: 'top' | 'bottom';
  onFinished: () => void;
}) {
  const duration = animationDuration(REVEAL_ANIMATION_MS);
  const { t } = useSpring({
    from: { t: 0 },
    to: { t: 1 },
    config: { duration },
    onRest: onFinished,
  });
  if (duration === 0) return null;
  const opacity = t.to([0, 0.15, 0.75, 1], [0, 1, 1, 0]);
  const draw = t.to([0, 0.45, 1], [1, 0, 0]);
  return (
    <Overlay aria-hidden="true" data-testid="community-reveal">
      <Ring
        style={{
          opacity: t.to([0, 0.6, 1], [0.9, 0.5, 0]),
          transform: t.to([0, 0.6, 1], [0, 1, 1.08]).to((scale) => `translate(-50%, -50%) scale(${scale})`),
        }}
      />
      <animated.svg viewBox="0 0 100 100" preserveAspectRatio="none" style={{ opacity }}>
        {entries.map((entry) => (
          <animated.line
            key={entry.id}
            x1="50"
            y1="50"
            x2={entry.x}
            y2={entry.y}
            stroke="#a8551f"
            strokeWidth="0.8"
            strokeLinecap="round"
            pathLength={1}
            strokeDasharray="1"
            strokeDashoffset={draw}
          />
        ))}
      </animated.svg>
      <Caption at={captionAt} style={{ opacity }}>
        {caption}
      </Caption>
    </Overlay>
  );
}
