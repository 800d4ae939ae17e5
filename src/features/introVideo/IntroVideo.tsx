import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { useIsAppRunning } from '../../shared/useIsAppRunning';
import { brand } from '../../config/brand';
import { clearIntroVideoSeen, markIntroVideoSeen } from './introVideoSession';

/** A vertical video on phones, a medium one up to 1280 px, the standard one above (docs/product.md). */
export const introVideoSources = [
  { media: '(max-width: 767.98px)', src: '/videos/intro-mobile.mp4' },
  { media: '(max-width: 1279.98px)', src: '/videos/intro-medium.mp4' },
  { media: undefined, src: '/videos/intro-standard.mp4' },
] as const;
export const INTRO_VIDEO_POSTER = '/videos/intro-poster.jpg';

export type IntroVideoOutcome = 'ended' | 'skipped' | 'failed';
type IntroVideoStatus = 'playing' | IntroVideoOutcome;

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 100;
  display: grid;
  place-items: center;
  background: ${({ theme }) => theme.colors.night};
  color: ${({ theme }) => theme.colors.paper};
  overscroll-behavior: contain;
`;

/**
 * Until the app adds the poster and sources, the video's own background draws the videos' first
 * frame (scripts/introVideoFrames.ts: a gold glow fading through the accent into the night), so
 * the first paint needs no image.
 */
const Video = styled.video`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  object-fit: cover;
  background:
    radial-gradient(
      60% 60% at 50% 45%,
      rgba(246, 196, 83, 0.34) 0%,
      rgba(168, 85, 31, 0.16) 45%,
      rgba(15, 15, 20, 0) 100%
    ),
    ${({ theme }) => theme.colors.night};
`;

const SkipButton = styled.button`
  position: absolute;
  right: max(1.25rem, env(safe-area-inset-right));
  bottom: max(1.25rem, env(safe-area-inset-bottom));
  min-height: 44px;
  padding: 0.5rem 1.4rem;
  border: 1px solid rgba(251, 250, 247, 0.55);
  border-radius: ${({ theme }) => theme.radius.pill};
  background: rgba(15, 15, 20, 0.55);
  color: ${({ theme }) => theme.colors.paper};
  font-weight: 600;
  letter-spacing: 0.02em;
  cursor: pointer;
  backdrop-filter: blur(6px);
  &:hover {
    background: rgba(15, 15, 20, 0.8);
  }
`;

const Failure = styled.div`
  display: grid;
  justify-items: center;
  gap: 1.25rem;
  padding: 2rem;
  text-align: center;
  p {
    margin: 0;
    font-size: 1.25rem;
  }
`;

const ContinueButton = styled.button`
  min-height: 48px;
  padding: 0.75rem 2rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.gold};
  color: ${({ theme }) => theme.colors.night};
  font-weight: 600;
  cursor: pointer;
`;

/**
 * A full-screen intro video over the page (whose content is already in the HTML underneath):
 * playing → ended | skipped, or failed with a Continue button. `onFinished` runs once it is gone.
 */
export function IntroVideo({
  onFinished,
  clearSeenFlagOnLoad = false,
}: {
  onFinished: (outcome: IntroVideoOutcome) => void;
  /** /how-it-works plays the video on every visit: its seen flag is cleared as the page loads. */
  clearSeenFlagOnLoad?: boolean;
}) {
  const [status, setStatus] = useState<IntroVideoStatus>('playing');
  const [continued, setContinued] = useState(false);

  const finish = (outcome: 'ended' | 'skipped') => {
    setStatus(outcome);
    markIntroVideoSeen();
    onFinished(outcome);
  };

  // The prerendered page fetches nothing for the video: the poster and sources arrive once the app
  // runs (inserting a source starts the video), so the video never delays the first paint and its
  // error handlers are always attached. (If the browser refuses to autoplay, the poster stays and
  // Skip still works.)
  const withMedia = useIsAppRunning();

  useEffect(() => {
    if (clearSeenFlagOnLoad) clearIntroVideoSeen();
  }, [clearSeenFlagOnLoad]);

  if (status === 'ended' || status === 'skipped' || continued) return null;

  return (
    <Overlay role="dialog" aria-label={`${brand.productName} intro video`}>
      {status === 'failed' ? (
        <Failure role="alert">
          <p>Video failed to load</p>
          <ContinueButton
            type="button"
            onClick={() => {
              setContinued(true);
              onFinished('failed');
            }}
          >
            Continue
          </ContinueButton>
        </Failure>
      ) : (
        <>
          <Video
            autoPlay
            muted
            playsInline
            preload="auto"
            poster={withMedia ? INTRO_VIDEO_POSTER : undefined}
            aria-label={`${brand.productName} intro: ${brand.tagline}`}
            onEnded={() => finish('ended')}
            onError={(event) => {
              // React bubbles its sources' error events here; a source whose media query does not
              // match also fires one. Only the video's own error counts.
              if (event.target === event.currentTarget) setStatus('failed');
            }}
          >
            {withMedia &&
              introVideoSources.map(({ media, src }) => (
                <source
                  key={src}
                  src={src}
                  media={media}
                  type="video/mp4"
                  // Sources are tried in order; only when the last (default) one fails has the video failed.
                  onError={media ? undefined : () => setStatus('failed')}
                />
              ))}
          </Video>
          <SkipButton type="button" onClick={() => finish('skipped')}>
            Skip
          </SkipButton>
        </>
      )}
    </Overlay>
  );
}
