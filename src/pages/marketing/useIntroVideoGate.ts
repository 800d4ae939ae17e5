import { useEffect, useRef, useState } from 'react';
import type { IntroVideoOutcome } from '../../features/introVideo/IntroVideo';

/**
 * The page under the intro video is in the HTML from the start but inert until the video is gone.
 * After Skip or Continue (their button disappears) keyboard focus moves to the page's main content.
 */
export function useIntroVideoGate() {
  const [outcome, setOutcome] = useState<IntroVideoOutcome | null>(null);
  const mainRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (outcome === 'skipped' || outcome === 'failed') mainRef.current?.focus({ preventScroll: true });
  }, [outcome]);
  return { videoDone: outcome !== null, onVideoFinished: setOutcome, mainRef };
}
