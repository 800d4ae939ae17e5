import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { prefersReducedMotion } from '../../shared/motion';
import { phaseAdvanced, selectDemoCycle, selectDemoIndex, selectDemoPhase, selectDemoRun } from './demoSlice';
import { phaseDurationMs } from './demoTiming';

/**
 * Moves the demo on: one timer per phase, cleared when the phase changes, the demo restarts or the
 * component unmounts. Under prefers-reduced-motion nothing advances by itself (checked here, in an
 * effect, so the server render and the first client render stay the same).
 */
export function useDemoCycleDriver(): void {
  const dispatch = useAppDispatch();
  const cycle = useAppSelector(selectDemoCycle);
  const index = useAppSelector(selectDemoIndex);
  const phase = useAppSelector(selectDemoPhase);
  const run = useAppSelector(selectDemoRun);

  useEffect(() => {
    if (prefersReducedMotion()) return;
    const timer = setTimeout(() => dispatch(phaseAdvanced()), phaseDurationMs(cycle, phase));
    return () => clearTimeout(timer);
  }, [dispatch, cycle, index, phase, run]);
}
