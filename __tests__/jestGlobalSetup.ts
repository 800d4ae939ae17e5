import { makeRunTempFolder } from './runTempFolder';

declare global {
  var removeRunTempFolder: (() => void) | undefined;
}

/** Runs once before jest starts its workers, which inherit the run's TMPDIR. */
export default function jestGlobalSetup(): void {
  globalThis.removeRunTempFolder = makeRunTempFolder('becca-jest-run');
}
