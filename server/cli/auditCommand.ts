import { parseArgs } from 'node:util';
import { calendarDateProblem } from '../../src/domain/calendarDate';
import { noDataYet } from '../admin/adminClient';
import { runAdminCommand } from './runAdminCommand';
import { chosenCommand, runCommandLine } from './commandLine';
import { failureText, print, printError, shortTime, table, text } from './operatorOutput';

const USAGE = text`Usage:
  npm run audit -- list [--action A] [--target T] [--actor NAME] [--session ID] [--since YYYY-MM-DD]
      what operators did: one line per action with its time (UTC), actor, console session, action,
      target, reason and effect. Reads of a member's record, sign-ins, sign-outs, ended sessions and
      refused attempts are rows too. --target takes a code, a member id, a label, an operator, or a
      phone number (matched by its hash).`;

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        action: { type: 'string' },
        target: { type: 'string' },
        actor: { type: 'string' },
        session: { type: 'string' },
        since: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    const since = parsed.values.since;
    const problem = since === undefined ? undefined : calendarDateProblem('--since', since);
    if (problem) throw new Error(problem);
  } catch (error) {
    printError(failureText(error), USAGE);
    process.exitCode = 1;
    return;
  }
  const { positionals, values } = parsed;
  if (!chosenCommand(positionals[0], ['list'], USAGE, values.help)) return;
  const nothingHere = await noDataYet();
  if (nothingHere) {
    printError(text`${nothingHere}`);
    return;
  }
  const query = {
    action: values.action,
    target: values.target,
    actor: values.actor,
    session: values.session,
    since: values.since,
  };
  const filtered = Object.values(query).some((value) => value !== undefined);
  await runAdminCommand(async (admin) => {
    const entries = await admin.listAuditEntries({ query });
    if (!entries.length) {
      print(text`No operator actions recorded${filtered ? ' that match' : ''}.`);
      return;
    }
    print(
      table(
        ['TIME', 'ACTOR', 'SESSION', 'ACTION', 'TARGET', 'REASON', 'EFFECT'],
        entries.map((entry) => [
          shortTime(entry.at),
          entry.actor,
          entry.session ?? '-',
          entry.action,
          entry.target ?? '-',
          entry.reason ?? '-',
          entry.effect,
        ]),
      ),
    );
  });
}

runCommandLine(main);
