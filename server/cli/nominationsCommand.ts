import { runCommandLine } from './commandLine';
import { readSettings } from '../config';
import { failureText, print, printError, text } from './operatorOutput';
import { runPurgeCommand } from './purgeCommand';

const USAGE = text`Usage:
  npm run nominations -- purge [--older-than Nd] [--yes] [--reason TEXT] [--dry-run]
      counts nominations older than N days (default NOMINATION_RETENTION_DAYS, 365); --yes deletes them`;

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (!command || command === '--help' || command === '-h') {
    print(USAGE);
    return;
  }
  if (command !== 'purge') {
    printError(text`Unknown command "${command}".`, USAGE);
    process.exitCode = 1;
    return;
  }
  let defaultAge: string;
  try {
    defaultAge = `${readSettings().nominationRetentionDays}d`;
  } catch (error) {
    printError(failureText(error));
    process.exitCode = 1;
    return;
  }
  await runPurgeCommand('nominations', args, defaultAge);
}

runCommandLine(main);
