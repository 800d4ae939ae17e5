import { parseArgs } from 'node:util';
import type { InviteCodeView } from '../../src/domain/contracts/adminInviteCodes';
import { limits } from '../../src/domain/limits';
import { noDataYet } from '../admin/adminClient';
import { runAdminCommand } from './runAdminCommand';
import { changeOptions, changeOptionSpecs, NOTHING_CHANGED, wholeNumberOption } from './changeOptions';
import { chosenCommand, runCommandLine } from './commandLine';
import { formatInviteTree } from './inviteTreeText';
import {
  CommandFailure,
  failureText,
  lines,
  print,
  printError,
  table,
  text,
  type Text,
} from './operatorOutput';

const USAGE = text`Usage:
  npm run --silent invite -- create [--count N] [--uses U] [--expires YYYY-MM-DD] [--label TEXT]
                                           one code, or a cohort of N; prints the codes, one a line
  npm run invite -- list [--label TEXT]
  npm run invite -- revoke CODE [CODE…] [--reason TEXT] [--dry-run]
  npm run invite -- revoke --label TEXT [--reason TEXT] [--dry-run]
                                           every code of that cohort that still admits someone
  npm run invite -- grant USER_ID N [--reason TEXT]   N more one-use codes for that member
  npm run invite -- tree                   who invited whom
  npm run invite -- revoke-branch USER_ID [--reason TEXT] [--dry-run]
                                           revoke the unused codes of a member and everyone below them`;

const COMMANDS = ['create', 'list', 'revoke', 'grant', 'tree', 'revoke-branch'] as const;

function inviteTable(rows: InviteCodeView[]): Text {
  return table(
    ['CODE', 'LABEL', 'USES', 'EXPIRES', 'STATUS'],
    rows.map((row) => [
      row.code,
      row.label,
      `${row.uses}/${row.max_uses}`,
      row.expires_at ? row.expires_at.slice(0, 10) : 'never',
      row.status,
    ]),
  );
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      count: { type: 'string', default: '1' },
      uses: { type: 'string', default: '1' },
      expires: { type: 'string' },
      label: { type: 'string' },
      ...changeOptionSpecs,
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [typed, ...args] = positionals;
  const command = chosenCommand(typed, COMMANDS, USAGE, values.help);
  if (!command) return;
  // Flags are checked before any database is opened.
  let create: { count: number; uses: number } | undefined;
  try {
    if (command === 'create') {
      create = {
        count: wholeNumberOption(values.count, '--count', 1, limits.admin.codesPerBatchMax),
        uses: wholeNumberOption(values.uses, '--uses', 1, limits.admin.usesPerCodeMax),
      };
      if (values.expires !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.expires)) {
        throw new Error(`--expires wants a date like 2026-12-31, got "${values.expires}"`);
      }
    }
  } catch (error) {
    printError(failureText(error));
    process.exitCode = 1;
    return;
  }
  // Only `create` may create a database: where there is none, there is nothing to show, revoke or grant.
  if (command !== 'create') {
    const nothingHere = await noDataYet();
    if (nothingHere) {
      const changes = command !== 'list' && command !== 'tree';
      printError(
        command === 'revoke' && args[0]
          ? text`No invite code ${args[0]}. ${nothingHere}`
          : text`${nothingHere}`,
      );
      if (changes) process.exitCode = 1;
      return;
    }
  }
  const change = changeOptions(values);

  await runAdminCommand(async (admin) => {
    switch (command) {
      case 'create': {
        const { codes } = await admin.createInviteCodes({
          body: { ...create, label: values.label, expires: values.expires },
        });
        const first = codes[0]!;
        const expiry = first.expires_at ? `, expires ${first.expires_at.slice(0, 10)}` : '';
        const label = first.label === null ? '' : `, label "${first.label}"`;
        printError(
          codes.length === 1
            ? text`Created an invite code for ${first.max_uses} use(s)${expiry}.`
            : text`Created ${codes.length} invite codes for ${first.max_uses} use(s) each${label}${expiry}.`,
        );
        // The codes alone on stdout, one a line (the last line for one code), for scripts.
        print(...codes.map((view) => text`${view.code}`));
        return;
      }
      case 'list': {
        const rows = await admin.listInviteCodes({ query: { label: values.label } });
        print(
          rows.length
            ? inviteTable(rows)
            : text`No invite codes yet. Create one with: npm run invite -- create`,
        );
        return;
      }
      case 'revoke': {
        if (!args.length && values.label === undefined) {
          throw new CommandFailure(lines([text`revoke needs a code or --label.`, USAGE]));
        }
        const which = args.length ? { codes: args } : { label: values.label };
        const result = await admin.revokeInviteCodes({ body: { ...which, ...change } });
        const verb = result.dry_run ? 'Would revoke' : 'Revoked';
        if (!result.codes.length) print(text`No code of that label admits anyone: nothing to revoke.`);
        for (const view of result.codes)
          print(text`${verb} ${view.code} (${view.uses}/${view.max_uses} uses).`);
        if (result.dry_run) print(NOTHING_CHANGED);
        return;
      }
      case 'grant': {
        const [userId, amount] = args;
        if (!userId || !amount)
          throw new CommandFailure(lines([text`grant needs a member id and a number.`, USAGE]));
        const count = wholeNumberOption(amount, 'N', 1, limits.admin.grantMax);
        const { unused } = await admin.grantMemberInvites({
          params: { user_id: userId },
          body: { count, reason: change.reason },
        });
        print(text`Granted ${count} invite code(s) to ${userId}; they now have ${unused} unused.`);
        return;
      }
      case 'tree': {
        print(formatInviteTree(await admin.getInviteTree()));
        return;
      }
      case 'revoke-branch': {
        const [userId] = args;
        if (!userId) throw new CommandFailure(lines([text`revoke-branch needs a member id.`, USAGE]));
        const result = await admin.revokeInviteBranch({ params: { user_id: userId }, body: change });
        const verb = result.dry_run ? 'Would revoke' : 'Revoked';
        print(
          text`${verb} ${result.revoked_codes} unused code(s) across ${result.members} member(s) of that branch.`,
        );
        if (result.dry_run) print(NOTHING_CHANGED);
        return;
      }
    }
  });
}

runCommandLine(main);
