import type { OperatorView, SignInLink } from '../../src/domain/contracts/adminOperators';
import { noDataYet } from '../admin/adminClient';
import { runAdminCommand } from './runAdminCommand';
import { runCommandLine } from './commandLine';
import { print, printError, shortTime, table, text } from './operatorOutput';

const USAGE = text`Usage:
  npm run operators -- add NAME                       an operator who may sign in to the admin API from a browser
  npm run operators -- list                           operators, when each was last seen, live sessions
  npm run operators -- remove NAME                    ends their sessions at once; they can no longer sign in
  npm run --silent operators -- sign-in-link NAME     prints a one-time sign-in link, valid 15 minutes`;

const COMMANDS = ['add', 'list', 'remove', 'sign-in-link'];

async function main() {
  const [command, name, ...extra] = process.argv.slice(2);
  if (!command || command === '--help' || command === '-h') {
    print(USAGE);
    return;
  }
  const refusal = !COMMANDS.includes(command)
    ? text`Unknown command "${command}".`
    : command !== 'list' && (!name || extra.length > 0)
      ? text`${command} needs one operator name.`
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
    const operatorPath = `/api/admin/operators/${encodeURIComponent(name ?? '')}`;
    switch (command) {
      case 'add': {
        const added = await admin.call<OperatorView>('POST', '/api/admin/operators', { name });
        print(
          text`Added operator ${added.name}. Sign them in with: npm run --silent operators -- sign-in-link ${added.name}`,
        );
        return;
      }
      case 'list': {
        const operators = await admin.call<OperatorView[]>('GET', '/api/admin/operators');
        if (!operators.length) {
          print(text`No operators yet. Add one with: npm run operators -- add NAME`);
          return;
        }
        print(
          table(
            ['NAME', 'ADDED', 'LAST SEEN', 'SESSIONS'],
            operators.map((operator) => [
              operator.name,
              shortTime(operator.addedAt),
              shortTime(operator.lastSeenAt),
              operator.sessions,
            ]),
          ),
        );
        return;
      }
      case 'remove': {
        await admin.call('DELETE', operatorPath);
        print(
          text`Removed operator ${name!.toLowerCase()}: their sessions have ended and their links no longer work.`,
        );
        return;
      }
      case 'sign-in-link': {
        const link = await admin.call<SignInLink>('POST', `${operatorPath}/sign-in-links`);
        // The link alone on stdout, so that `npm run --silent` hands a script nothing else.
        printError(
          text`A one-time sign-in link for ${link.name}, valid until ${shortTime(link.expiresAt)} UTC (15 minutes):`,
        );
        print(text`${link.link}`);
        return;
      }
    }
  });
}

runCommandLine(main);
