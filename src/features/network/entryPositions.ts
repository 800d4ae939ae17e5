import { limits } from '../../domain/limits';
import type { NetworkEntry } from '../../domain/registration';

export type NetworkPart = 1 | 2;

/** Distance of each entry from the card's centre, in percent of the card. */
export const ENTRY_RADIUS_PERCENT = 36;

/** Part 1 sits at the top and lower corners; part 2 fills the gaps between them (60° further on). */
const PART_1_ANGLES = [-90, 30, 150] as const;
const PART_2_OFFSET = 60;

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Where the `slot`-th entry of a part goes, as x/y in percent of the card (0-100, centre 50/50). */
export function entryPosition(part: NetworkPart, slot: number): { x: number; y: number } {
  const base = PART_1_ANGLES[slot % PART_1_ANGLES.length]!;
  const degrees = base + (part === 2 ? PART_2_OFFSET : 0);
  const radians = (degrees * Math.PI) / 180;
  return {
    x: round2(50 + ENTRY_RADIUS_PERCENT * Math.cos(radians)),
    y: round2(50 + ENTRY_RADIUS_PERCENT * Math.sin(radians)),
  };
}

/** The first of the part's slots no entry of that part occupies yet (so a removal frees its place). */
export function freeSlot(partEntries: readonly Pick<NetworkEntry, 'x' | 'y'>[], part: NetworkPart): number {
  for (let slot = 0; slot < limits.entriesPerStep; slot += 1) {
    const { x, y } = entryPosition(part, slot);
    const taken = partEntries.some((entry) => Math.abs(entry.x - x) < 0.5 && Math.abs(entry.y - y) < 0.5);
    if (!taken) return slot;
  }
  return partEntries.length % limits.entriesPerStep;
}

export function isPart2(part: NetworkPart): boolean {
  return part === 2;
}
