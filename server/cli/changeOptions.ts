import type { OperatorChange } from '../../src/domain/contracts/adminAudit';
import { text, type Text } from './operatorOutput';

/** The options every destructive command takes, for parseArgs. */
export const changeOptionSpecs = {
  reason: { type: 'string' },
  'dry-run': { type: 'boolean', default: false },
} as const;

/** `--reason TEXT --dry-run` as the admin API takes them. */
export function changeOptions(values: {
  reason?: string;
  'dry-run'?: boolean;
}): Required<Pick<OperatorChange, 'dry_run'>> & Pick<OperatorChange, 'reason'> {
  return { reason: values.reason?.trim() || undefined, dry_run: values['dry-run'] ?? false };
}

/** The line a dry run ends with. */
export const NOTHING_CHANGED: Text = text`Dry run: nothing was changed or recorded.`;

/**
 * A whole number from `min` to `max` typed as an option, or the sentence saying what is wanted. The
 * admin API refuses anything else too; asking here first gives the operator their own flag's name.
 */
export function wholeNumberOption(typed: string, flag: string, min: number, max: number): number {
  const value = Number(typed);
  if (!/^\d+$/.test(typed.trim()) || value < min || value > max) {
    throw new Error(`${flag} must be a whole number from ${min} to ${max}`);
  }
  return value;
}
