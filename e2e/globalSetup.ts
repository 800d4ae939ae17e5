import { makeRunTempFolder } from '../__tests__/runTempFolder';

/** Before Playwright starts its workers (they inherit the run's TMPDIR); what it returns runs at the end. */
export default function playwrightGlobalSetup(): () => void {
  return makeRunTempFolder('becca-e2e-run');
}
