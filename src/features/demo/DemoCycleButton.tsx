import type { PointerEvent, ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { cycleSelected, selectDemoCycle } from './demoSlice';
import type { DemoCycle } from './demoTiming';

/**
 * A headline that switches the phone demo to its cycle and restarts it: on hover with a mouse, on
 * tap, and with the keyboard (it is a real button; aria-pressed marks the cycle on screen).
 */
export function DemoCycleButton({
  cycle,
  className,
  children,
}: {
  cycle: DemoCycle;
  className?: string;
  children: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const active = useAppSelector(selectDemoCycle) === cycle;
  const select = () => dispatch(cycleSelected(cycle));
  // Touch screens also send pointerenter before a tap; only a mouse hovers.
  const hover = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') select();
  };
  return (
    <button type="button" className={className} aria-pressed={active} onPointerEnter={hover} onClick={select}>
      {children}
    </button>
  );
}
