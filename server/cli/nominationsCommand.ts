import { runCommandLine } from './commandLine';
import { readSettings } from '../config';
import { runPurgeCommand } from './purgeCommand';

const USAGE = `Usage:
  npm run nominations -- purge [--older-than Nd] [--yes]
      counts nominations older than N days (default NOMINATION_RETENTION_DAYS, 365); --yes deletes them`;

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (!command || command === '--help' || command === '-h') {
    console.log(USAGE);
    return;
  }
  if (command !== 'purge') {
    console.error(`Unknown command "${command}".\n${USAGE}`);
    process.exitCode = 1;
    return;
  }
  let defaultAge: string;
  try {
    defaultAge = `${readSettings().nominationRetentionDays}d`;
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
    return;
  }
  await runPurgeCommand('nominations', args, defaultAge);
}

runCommandLine(main);
