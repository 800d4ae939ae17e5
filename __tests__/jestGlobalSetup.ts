import path from 'node:path';
import { isServerBuildStale } from '../scripts/buildIfStale.cjs';
import { buildServer } from '../scripts/buildServer.cjs';
import { makeRunTempFolder } from './runTempFolder';

declare global {
  var removeRunTempFolder: (() => void) | undefined;
}

/** Runs once before jest starts its workers, which inherit the run's TMPDIR. */
export default function jestGlobalSetup(): void {
  globalThis.removeRunTempFolder = makeRunTempFolder('becca-jest-run');
  // Compiled here, once: test files in parallel workers that each found the build stale would
  // replace build/server under each other while another copies or starts it.
  const projectRoot = path.resolve(__dirname, '..');
  if (isServerBuildStale(projectRoot)) buildServer(projectRoot);
}
