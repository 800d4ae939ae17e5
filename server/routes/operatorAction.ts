import {
  operatorTextProblem,
  recordOperatorChange,
  type ActionResult,
  type AuditFacts,
} from '../admin/auditTrail';
import type { Db } from '../db/database';
import { HttpError } from '../httpError';

/** Operator text (a reason, a label) that cannot be shown later in a terminal or the console: 422. */
export function refuseUnusableText(label: string, value: string | null | undefined): void {
  const problem = operatorTextProblem(label, value);
  if (problem) throw new HttpError(422, problem);
}

/**
 * An operator's change with its audit row, in one transaction (recordOperatorChange): an unusable
 * reason is refused first (422), and a change refuses by throwing an HttpError, which rolls the
 * transaction back, so a refused action leaves no row.
 */
export function performOperatorAction<T>(
  db: Db,
  facts: AuditFacts,
  dryRun: boolean,
  change: (tx: Db) => Promise<ActionResult<T>>,
): Promise<ActionResult<T> & { dryRun: boolean }> {
  refuseUnusableText('The reason', facts.reason);
  return recordOperatorChange(db, facts, dryRun, change);
}
