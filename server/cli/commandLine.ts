import { printError, text } from './operatorOutput';

/**
 * Runs an operator command's `main`. Whatever it throws before its own error handling starts (a
 * setting that is missing or out of range, read while deciding where the data is) is one line on
 * stderr and exit code 1, as every other refusal is: a stack trace tells the operator nothing.
 */
export function runCommandLine(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    printError(text`${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
