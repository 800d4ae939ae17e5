import type { WaitlistView } from '../operator/operatorCommands';
import { noDataYet, runOperatorCommand } from './operatorConnection';
import { csvCell } from './tabular';

const USAGE = `Usage:
  npm run waitlist -- list            people waiting, newest last
  npm run --silent waitlist -- export CSV with a header on stdout`;

const CSV_HEADER = 'phone,email,name,joined_at';

function toCsv(rows: WaitlistView[]): string {
  const lines = rows.map((row) => [row.phone, row.email, row.name, row.joinedAt].map(csvCell).join(','));
  return [CSV_HEADER, ...lines].join('\n');
}

async function main() {
  const command = process.argv[2];
  if (!command || command === '--help' || command === '-h') {
    console.log(USAGE);
    return;
  }
  if (command !== 'list' && command !== 'export') {
    console.error(`Unknown command "${command}".\n${USAGE}`);
    process.exitCode = 1;
    return;
  }
  // Both only read: with no database yet they create none, and an export is still a valid, empty CSV.
  const nothingHere = await noDataYet();
  if (nothingHere) {
    console.error(nothingHere);
    if (command === 'export') console.log(CSV_HEADER);
    return;
  }
  await runOperatorCommand(async (commands) => {
    const rows = await commands.listWaitlist();
    if (command === 'export') {
      console.log(toCsv(rows));
    } else {
      if (!rows.length) console.log('Nobody is on the waitlist yet.');
      for (const row of rows) {
        console.log(
          [row.joinedAt.slice(0, 16).replace('T', ' '), row.phone ?? row.email, row.name ?? '']
            .join('  ')
            .trimEnd(),
        );
      }
    }
  });
}

void main();
