import { parseArgs } from 'node:util';
import type { AuditEntry } from '../../src/domain/contracts/adminAudit';
import { noDataYet } from '../admin/adminClient';
import { runAdminCommand } from './runAdminCommand';
import { chosenCommand, runCommandLine } from './commandLine';
import { failureText, print, printError, shortTime, table, text } from './operatorOutput';

const USAGE = text`Usage:
  npm run audit -- list [--action A] [--target T] [--actor NAME] [--since YYYY-MM-DD]
      what operators did: one line per action with its time (UTC), actor, action, target, reason and effect.
      --target takes a code, a member id, a label, an operator, or a phone number (matched by its hash).`;

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        action: { type: 'string' },
        target: { type: 'string' },
        actor: { type: 'string' },
        since: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (parsed.values.since !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(parsed.values.since)) {
      throw new Error(`--since wants a date like 2026-11-01, got "${parsed.values.since}"`);
    }
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
  const query = new URLSearchParams(
    Object.entries({
      action: values.action,
      target: values.target,
      actor: values.actor,
      since: values.since,
    }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  await runAdminCommand(async (admin) => {
    const entries = await admin.call<AuditEntry[]>('GET', `/api/admin/audit${query.size ? `?${query}` : ''}`);
    if (!entries.length) {
      print(text`No operator actions recorded${query.size ? ' that match' : ''}.`);
      return;
    }
    print(
      table(
        ['TIME', 'ACTOR', 'ACTION', 'TARGET', 'REASON', 'EFFECT'],
        entries.map((entry) => [
          shortTime(entry.at),
          entry.actor,
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
