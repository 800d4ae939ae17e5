import type { WaitlistView } from '../operator/operatorCommands';
import { runOperatorCommand } from './operatorConnection';
import { runPurgeCommand } from './purgeCommand';
import { csvCell } from './tabular';

const USAGE = `Usage:
  npm run waitlist -- list            people waiting, newest last
  npm run --silent waitlist -- export CSV with a header on stdout
  npm run waitlist -- purge --older-than 365d [--yes]
                                      counts entries older than that; --yes deletes them`;

function toCsv(rows: WaitlistView[]): string {
  const lines = rows.map((row) => [row.phone, row.email, row.name, row.joinedAt].map(csvCell).join(','));
  return ['phone,email,name,joined_at', ...lines].join('\n');
}

async function main() {
  const command = process.argv[2];
  if (!command || command === '--help' || command === '-h') {
    console.log(USAGE);
    return;
  }
  if (command === 'purge') return runPurgeCommand('waitlist', process.argv.slice(3), undefined);
  await runOperatorCommand(async (commands) => {
    const rows = await commands.listWaitlist();
    if (command === 'export') {
      console.log(toCsv(rows));
    } else if (command === 'list') {
      if (!rows.length) console.log('Nobody is on the waitlist yet.');
      for (const row of rows) {
        console.log(
          [row.joinedAt.slice(0, 16).replace('T', ' '), row.phone ?? row.email, row.name ?? '']
            .join('  ')
            .trimEnd(),
        );
      }
    } else {
      throw new Error(`Unknown command "${command}".\n${USAGE}`);
    }
  });
}

void main();
