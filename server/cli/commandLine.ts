import { failureText, print, printError, text, type Text } from './operatorOutput';

/**
 * Runs an operator command's `main`. Whatever it throws before its own error handling starts (a
 * setting that is missing or out of range, read while deciding where the data is) is one line on
 * stderr and exit code 1, as every other refusal is: a stack trace tells the operator nothing. Any
 * other error's message is escaped.
 */
export function runCommandLine(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    // A command's own refusal (CommandFailure) prints as written, its usage on lines of their own.
    printError(failureText(error));
    process.exitCode = 1;
  });
}

/**
 * The subcommand the operator named, or undefined once the usage is printed (no command, or --help)
 * or the command refused (one it does not know: exit code 1).
 */
export function chosenCommand<Command extends string>(
  command: string | undefined,
  known: readonly Command[],
  usage: Text,
  help = false,
): Command | undefined {
  if (!command || help) {
    print(usage);
    return undefined;
  }
  if (!(known as readonly string[]).includes(command)) {
    printError(text`Unknown command "${command}".`, usage);
    process.exitCode = 1;
    return undefined;
  }
  return command as Command;
}
