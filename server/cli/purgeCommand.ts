import { parseArgs } from 'node:util';
import { parseRetentionDays } from '../privacy/retention';
import { runAdminCommand } from './runAdminCommand';
import { changeOptions, changeOptionSpecs } from './changeOptions';
import { failureText, print, printError, text } from './operatorOutput';

const WHAT = {
  waitlist: { rows: 'waitlist entries', verb: 'joined' },
  nominations: { rows: 'nominations', verb: 'were made' },
} as const;

/**
 * `… purge [--older-than 365d] [--yes] [--reason TEXT] [--dry-run]`: a dry run that prints how many
 * rows are older than the age unless `--yes` is given (and not `--dry-run`), then deletes them and
 * prints how many went.
 */
export async function runPurgeCommand(
  what: keyof typeof WHAT,
  args: string[],
  defaultOlderThan: string | undefined,
): Promise<void> {
  let olderThanDays: number;
  let change: ReturnType<typeof changeOptions>;
  // Bad arguments are refused before any database is opened.
  try {
    const { values } = parseArgs({
      args,
      options: {
        'older-than': { type: 'string' },
        yes: { type: 'boolean', default: false },
        ...changeOptionSpecs,
      },
    });
    const age = values['older-than'] ?? defaultOlderThan;
    if (!age) throw new Error('purge needs --older-than, e.g. --older-than 365d');
    olderThanDays = parseRetentionDays(age);
    change = changeOptions(values);
    if (!values.yes) change.dry_run = true;
  } catch (error) {
    printError(failureText(error));
    process.exitCode = 1;
    return;
  }
  await runAdminCommand(async (admin) => {
    const purge = what === 'waitlist' ? admin.purgeWaitlist : admin.purgeNominations;
    const result = await purge({ body: { older_than_days: olderThanDays, ...change } });
    const { rows, verb } = WHAT[what];
    const which = `${rows} that ${verb} before ${result.cutoff.slice(0, 10)} (older than ${olderThanDays} days)`;
    if (!result.dry_run) {
      print(text`Deleted ${result.count} ${which}.`);
    } else {
      print(text`Dry run: ${result.count} ${which} would be deleted.`);
      if (result.count > 0) print(text`Run the same command with --yes to delete them.`);
    }
  });
}
