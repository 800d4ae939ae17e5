/** Runs once after every test file, passed or failed. */
export default function jestGlobalTeardown(): void {
  globalThis.removeRunTempFolder?.();
}
