import { runCommandLine } from './commandLine';
import { parseArgs } from 'node:util';
import type { WaitlistView } from '../operator/operatorCommands';
import { noDataYet, runOperatorCommand } from './operatorConnection';
import { runPurgeCommand } from './purgeCommand';
import { printable } from './terminalText';
import { csvCell } from './tabular';

const USAGE = `Usage:
  npm run waitlist -- list                       people waiting, newest last, with their status
  npm run --silent waitlist -- export            CSV with a header on stdout
  npm run --silent waitlist -- invite PHONE      a one-use code for that number; prints the wa.me link to send
  npm run --silent waitlist -- invite --next N   the same for the N longest-waiting numbers, one link a line
  npm run waitlist -- purge --older-than 365d [--yes]
                                                 counts entries older than that; --yes deletes them`;

const CSV_HEADER = 'phone,email,name,joined_at';

function toCsv(rows: WaitlistView[]): string {
  const lines = rows.map((row) =>
    [row.phone, row.email, row.name, row.joinedAt].map((cell) => csvCell(cell && printable(cell))).join(','),
  );
  return [CSV_HEADER, ...lines].join('\n');
}

function listLine(row: WaitlistView): string {
  return [
    row.joinedAt.slice(0, 16).replace('T', ' '),
    row.status.padEnd(7),
    row.phone ?? row.email ?? '',
    row.name ?? '',
  ]
    .map(printable)
    .join('  ')
    .trimEnd();
}

async function main() {
  // purge has options of its own (--older-than, --yes), so it takes its arguments before parseArgs.
  if (process.argv[2] === 'purge') return runPurgeCommand('waitlist', process.argv.slice(3), undefined);
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { next: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, ...rest] = positionals;
  if (!command || values.help) {
    console.log(USAGE);
    return;
  }
  if (command !== 'list' && command !== 'export' && command !== 'invite') {
    console.error(`Unknown command "${command}".\n${USAGE}`);
    process.exitCode = 1;
    return;
  }
  // None of these creates a database: with none yet nobody is waiting, and an export is still a valid, empty CSV.
  const nothingHere = await noDataYet();
  if (nothingHere) {
    console.error(nothingHere);
    if (command === 'export') console.log(CSV_HEADER);
    if (command === 'invite') process.exitCode = 1;
    return;
  }
  await runOperatorCommand(async (commands) => {
    if (command === 'invite') {
      // "07911 123456" typed without quotes arrives as two words.
      const phone = rest.join(' ');
      if (!phone && values.next === undefined)
        throw new Error(`invite needs a number or --next N.\n${USAGE}`);
      const invitations = await commands.inviteFromWaitlist(
        values.next !== undefined ? { next: Number(values.next) } : { phone },
      );
      if (!invitations.length) console.error('Nobody is waiting to be invited.');
      for (const invitation of invitations) {
        console.error(`Invited ${invitation.phone} with ${invitation.code}; tap the link and send it:`);
        // The link alone on its line (the last one of stdout for one number), ready to open.
        console.log(invitation.whatsappUrl);
      }
      return;
    }
    const rows = await commands.listWaitlist();
    if (command === 'export') {
      console.log(toCsv(rows));
    } else {
      if (!rows.length) console.log('Nobody is on the waitlist yet.');
      for (const row of rows) console.log(listLine(row));
    }
  });
}

runCommandLine(main);
