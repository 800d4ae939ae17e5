import { parseArgs } from 'node:util';
import type { WaitlistEntryView, WaitlistListEntry } from '../../src/domain/contracts/adminWaitlist';
import { noDataYet } from '../admin/adminClient';
import { runAdminCommand } from './runAdminCommand';
import { wholeNumberOption } from './changeOptions';
import { limits } from '../../src/domain/limits';
import { chosenCommand, runCommandLine } from './commandLine';
import { runPurgeCommand } from './purgeCommand';
import { CommandFailure, csv, lines, print, printError, row, text, type Text } from './operatorOutput';

const USAGE = text`Usage:
  npm run waitlist -- list                       people waiting, newest last, with their status
  npm run --silent waitlist -- export            CSV with a header on stdout
  npm run --silent waitlist -- invite PHONE      a one-use code for that number; prints the wa.me link to send
  npm run --silent waitlist -- invite --next N   the same for the N longest-waiting numbers, one link a line
  npm run waitlist -- purge --older-than 365d [--yes] [--reason TEXT] [--dry-run]
                                                 counts entries older than that; --yes deletes them`;

const CSV_HEADER = ['phone', 'email', 'name', 'joined_at'];

function toCsv(rows: WaitlistEntryView[]): Text {
  return csv(
    CSV_HEADER,
    rows.map((entry) => [entry.phone, entry.email, entry.name, entry.joined_at]),
  );
}

function listLine(entry: WaitlistListEntry): Text {
  return row([
    entry.joined_at.slice(0, 16).replace('T', ' '),
    entry.status.padEnd(7),
    entry.phone ?? entry.email,
    entry.name,
  ]);
}

async function main() {
  // purge has options of its own (--older-than, --yes), so it takes its arguments before parseArgs.
  if (process.argv[2] === 'purge') return runPurgeCommand('waitlist', process.argv.slice(3), undefined);
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { next: { type: 'string' }, reason: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [typed, ...rest] = positionals;
  const command = chosenCommand(typed, ['list', 'export', 'invite'], USAGE, values.help);
  if (!command) return;
  // None of these creates a database: with none yet nobody is waiting, and an export is still a valid, empty CSV.
  const nothingHere = await noDataYet();
  if (nothingHere) {
    printError(text`${nothingHere}`);
    if (command === 'export') print(csv(CSV_HEADER, []));
    if (command === 'invite') process.exitCode = 1;
    return;
  }
  await runAdminCommand(async (admin) => {
    if (command === 'invite') {
      // "07911 123456" typed without quotes arrives as two words.
      const phone = rest.join(' ');
      if (!phone && values.next === undefined)
        throw new CommandFailure(lines([text`invite needs a number or --next N.`, USAGE]));
      const target =
        values.next !== undefined
          ? { next: wholeNumberOption(values.next, '--next', 1, limits.admin.inviteNextMax) }
          : { phone };
      const { invitations } = await admin.inviteFromWaitlist({
        body: { ...target, reason: values.reason?.trim() || undefined },
      });
      if (!invitations.length) printError(text`Nobody is waiting to be invited.`);
      for (const invitation of invitations) {
        printError(text`Invited ${invitation.phone} with ${invitation.code}; tap the link and send it:`);
        // The link alone on its line (the last one of stdout for one number), ready to open.
        print(text`${invitation.whatsapp_url}`);
      }
      return;
    }
    if (command === 'export') {
      const { entries } = await admin.exportWaitlist();
      print(toCsv(entries));
    } else {
      const rows = await admin.listWaitlist({ query: {} });
      if (!rows.length) print(text`Nobody is on the waitlist yet.`);
      print(...rows.map(listLine));
    }
  });
}

runCommandLine(main);
