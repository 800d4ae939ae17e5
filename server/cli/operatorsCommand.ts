import { parseArgs } from 'node:util';
import { assignableRoles, isOperatorRole, type OperatorRole } from '../../src/domain/operatorRoles';
import { noDataYet } from '../admin/adminClient';
import { runAdminCommand } from './runAdminCommand';
import { runCommandLine } from './commandLine';
import { failureText, print, printError, shortTime, table, text } from './operatorOutput';

const USAGE = text`Usage:
  npm run operators -- add NAME [--role owner]        an operator who may sign in to the admin API from a browser
                                                      (role operator unless told; the first one is an owner)
  npm run operators -- list                           operators, their role, when each was last seen, live sessions
  npm run operators -- role NAME owner|operator       gives an operator another role
  npm run operators -- remove NAME                    ends their sessions at once; they can no longer sign in
  npm run --silent operators -- sign-in-link NAME     prints a one-time sign-in link, valid 15 minutes`;

const COMMANDS = ['add', 'list', 'role', 'remove', 'sign-in-link'];
// An organiser is a role too, but is made by approving a community (the server says so when asked).
const ROLES = assignableRoles.join(' or ');

function roleOrRefusal(typed: string | undefined): OperatorRole {
  if (!isOperatorRole(typed)) throw new Error(`A role is ${ROLES}, got "${typed ?? ''}".`);
  return typed;
}

async function main() {
  let parsed;
  let role: OperatorRole | undefined;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { role: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    if (parsed.values.role !== undefined) role = roleOrRefusal(parsed.values.role);
  } catch (error) {
    printError(failureText(error), USAGE);
    process.exitCode = 1;
    return;
  }
  const [command, name, ...extra] = parsed.positionals;
  if (!command || parsed.values.help) {
    print(USAGE);
    return;
  }
  if (command === 'role' && extra.length === 1) {
    try {
      role = roleOrRefusal(extra.pop());
    } catch (error) {
      printError(failureText(error), USAGE);
      process.exitCode = 1;
      return;
    }
  }
  const refusal = !COMMANDS.includes(command)
    ? text`Unknown command "${command}".`
    : command !== 'list' && (!name || extra.length > 0)
      ? text`${command} needs one operator name${command === 'role' ? ' and a role' : ''}.`
      : command === 'role' && role === undefined
        ? text`role needs a role: ${ROLES}.`
        : role !== undefined && command !== 'add' && command !== 'role'
          ? text`--role goes with add.`
          : undefined;
  if (refusal) {
    printError(refusal, USAGE);
    process.exitCode = 1;
    return;
  }
  // Only `add` may create a database: where there is none, there is no operator to list, remove or sign in.
  if (command !== 'add') {
    const nothingHere = await noDataYet();
    if (nothingHere) {
      printError(command === 'list' ? text`${nothingHere}` : text`No operator ${name}. ${nothingHere}`);
      if (command !== 'list') process.exitCode = 1;
      return;
    }
  }

  await runAdminCommand(async (admin) => {
    // Both were checked above, with the usage to show when missing.
    const params = { name: name ?? '' };
    switch (command) {
      case 'add': {
        const added = await admin.createOperator({ body: { name: params.name, role } });
        print(
          text`Added operator ${added.name} (${added.role}). Sign them in with: npm run --silent operators -- sign-in-link ${added.name}`,
        );
        return;
      }
      case 'role': {
        const changed = await admin.setOperatorRole({ params, body: { role: role! } });
        print(text`${changed.effect[0]!.toUpperCase()}${changed.effect.slice(1)}.`);
        return;
      }
      case 'list': {
        const operators = await admin.listOperators();
        if (!operators.length) {
          print(text`No operators yet. Add one with: npm run operators -- add NAME`);
          return;
        }
        print(
          table(
            ['NAME', 'ROLE', 'ADDED', 'LAST SEEN', 'SESSIONS'],
            operators.map((operator) => [
              operator.name,
              operator.role,
              shortTime(operator.added_at),
              shortTime(operator.last_seen_at),
              operator.sessions,
            ]),
          ),
        );
        return;
      }
      case 'remove': {
        await admin.removeOperator({ params });
        print(
          text`Removed operator ${name!.toLowerCase()}: their sessions have ended and their links no longer work.`,
        );
        return;
      }
      case 'sign-in-link': {
        const link = await admin.createSignInLink({ params });
        // The link alone on stdout, so that `npm run --silent` hands a script nothing else.
        printError(
          text`A one-time sign-in link for ${link.name}, valid until ${shortTime(link.expires_at)} UTC (15 minutes):`,
        );
        print(text`${link.link}`);
        return;
      }
    }
  });
}

runCommandLine(main);
