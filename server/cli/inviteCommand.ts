import { parseArgs } from 'node:util';
import type { InviteCodeView } from '../operator/operatorCommands';
import { noDataYet, runOperatorCommand } from './operatorConnection';

const USAGE = `Usage:
  npm run --silent invite -- create [--uses N] [--expires YYYY-MM-DD] [--label TEXT]
  npm run invite -- list
  npm run invite -- revoke CODE`;

function formatTable(rows: InviteCodeView[]): string {
  const header = ['CODE', 'LABEL', 'USES', 'EXPIRES', 'STATUS'];
  const lines = rows.map((row) => [
    row.code,
    row.label ?? '',
    `${row.uses}/${row.maxUses}`,
    row.expiresAt ? row.expiresAt.slice(0, 10) : 'never',
    row.status,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]!.length)),
  );
  return [header, ...lines]
    .map((line) =>
      line
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      uses: { type: 'string', default: '1' },
      expires: { type: 'string' },
      label: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, code] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  if (!['create', 'list', 'revoke'].includes(command)) {
    console.error(`Unknown command "${command}".\n${USAGE}`);
    process.exitCode = 1;
    return;
  }
  // Listing and revoking never create a database: where there is none, there is nothing to show or revoke.
  if (command !== 'create') {
    const nothingHere = await noDataYet();
    if (nothingHere) {
      console.error(command === 'revoke' ? `No invite code ${code ?? ''}. ${nothingHere}` : nothingHere);
      if (command === 'revoke') process.exitCode = 1;
      return;
    }
  }

  await runOperatorCommand(async (commands) => {
    switch (command) {
      case 'create': {
        const uses = Number(values.uses);
        const created = await commands.createInvite({ uses, expires: values.expires, label: values.label });
        const expiry = created.expiresAt ? `, expires ${created.expiresAt.slice(0, 10)}` : '';
        console.error(`Created an invite code for ${created.maxUses} use(s)${expiry}.`);
        // The code alone on the last line of stdout, so scripts can take it with `tail -n 1`.
        console.log(created.code);
        return;
      }
      case 'list': {
        const rows = await commands.listInvites();
        console.log(
          rows.length ? formatTable(rows) : 'No invite codes yet. Create one with: npm run invite -- create',
        );
        return;
      }
      case 'revoke': {
        if (!code) throw new Error(`revoke needs a code.\n${USAGE}`);
        const revoked = await commands.revokeInvite(code);
        if (!revoked) throw new Error(`No invite code ${code}.`);
        console.log(`Revoked ${revoked.code} (${revoked.uses}/${revoked.maxUses} uses).`);
        return;
      }
    }
  });
}

void main();
