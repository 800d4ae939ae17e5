import { runCommandLine } from './commandLine';
import { parseArgs } from 'node:util';
import type { InviteCodeView } from '../operator/operatorCommands';
import { formatInviteTree } from './inviteTreeText';
import { noDataYet, runOperatorCommand } from './operatorConnection';
import { CommandFailure, lines, print, printError, table, text, type Text } from './operatorOutput';

const USAGE = text`Usage:
  npm run --silent invite -- create [--uses N] [--expires YYYY-MM-DD] [--label TEXT]
  npm run invite -- list
  npm run invite -- revoke CODE
  npm run invite -- grant USER_ID N        N more one-use codes for that member
  npm run invite -- tree                   who invited whom
  npm run invite -- revoke-branch USER_ID  revoke the unused codes of a member and everyone below them`;

function inviteTable(rows: InviteCodeView[]): Text {
  return table(
    ['CODE', 'LABEL', 'USES', 'EXPIRES', 'STATUS'],
    rows.map((row) => [
      row.code,
      row.label,
      `${row.uses}/${row.maxUses}`,
      row.expiresAt ? row.expiresAt.slice(0, 10) : 'never',
      row.status,
    ]),
  );
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
  const [command, code, amount] = positionals;
  if (values.help || !command) {
    print(USAGE);
    return;
  }
  if (!['create', 'list', 'revoke', 'grant', 'tree', 'revoke-branch'].includes(command)) {
    printError(text`Unknown command "${command}".`, USAGE);
    process.exitCode = 1;
    return;
  }
  // Only `create` may create a database: where there is none, there is nothing to show, revoke or grant.
  if (command !== 'create') {
    const nothingHere = await noDataYet();
    if (nothingHere) {
      const changes = command !== 'list' && command !== 'tree';
      printError(command === 'revoke' ? text`No invite code ${code}. ${nothingHere}` : text`${nothingHere}`);
      if (changes) process.exitCode = 1;
      return;
    }
  }

  await runOperatorCommand(async (commands) => {
    switch (command) {
      case 'create': {
        const uses = Number(values.uses);
        const created = await commands.createInvite({ uses, expires: values.expires, label: values.label });
        const expiry = created.expiresAt ? `, expires ${created.expiresAt.slice(0, 10)}` : '';
        printError(text`Created an invite code for ${created.maxUses} use(s)${expiry}.`);
        // The code alone on the last line of stdout, so scripts can take it with `tail -n 1`.
        print(text`${created.code}`);
        return;
      }
      case 'list': {
        const rows = await commands.listInvites();
        print(
          rows.length
            ? inviteTable(rows)
            : text`No invite codes yet. Create one with: npm run invite -- create`,
        );
        return;
      }
      case 'revoke': {
        if (!code) throw new CommandFailure(lines([text`revoke needs a code.`, USAGE]));
        const revoked = await commands.revokeInvite(code);
        if (!revoked) throw new CommandFailure(text`No invite code ${code}.`);
        print(text`Revoked ${revoked.code} (${revoked.uses}/${revoked.maxUses} uses).`);
        return;
      }
      case 'grant': {
        if (!code || !amount)
          throw new CommandFailure(lines([text`grant needs a member id and a number.`, USAGE]));
        const { unused } = await commands.grantInvites(code, Number(amount));
        print(text`Granted ${amount} invite code(s) to ${code}; they now have ${unused} unused.`);
        return;
      }
      case 'tree': {
        print(formatInviteTree(await commands.inviteTree()));
        return;
      }
      case 'revoke-branch': {
        if (!code) throw new CommandFailure(lines([text`revoke-branch needs a member id.`, USAGE]));
        const { members, revokedCodes } = await commands.revokeBranch(code);
        print(text`Revoked ${revokedCodes} unused code(s) across ${members} member(s) of that branch.`);
        return;
      }
    }
  });
}

runCommandLine(main);
