import { parseArgs } from 'node:util';
import type { MemberDetail, MemberSummary, MemberView } from '../../src/domain/contracts/adminMembers';
import { noDataYet } from '../admin/adminClient';
import { runAdminCommand } from './runAdminCommand';
import { changeOptions, changeOptionSpecs, NOTHING_CHANGED } from './changeOptions';
import { chosenCommand, runCommandLine } from './commandLine';
import {
  CommandFailure,
  confirmed,
  csv,
  fields,
  lines,
  print,
  printError,
  shortTime,
  table,
  text,
  type Text,
  type Value,
} from './operatorOutput';

const USAGE = text`Usage:
  npm run members -- list                     every member: id, name, status, when, invite code
  npm run members -- show ID                  everything stored about one member but the photo bytes
  npm run --silent members -- export > members.csv   CSV with a header row
  npm run members -- delete ID [--reason TEXT] [--dry-run] [--yes]
                                              erase a member and everything they gave us (asks first)`;

const EXPORT_COLUMNS = [
  'user_id',
  'first_name',
  'last_name',
  'age',
  'location',
  'phone',
  'occupation',
  'looking_for',
  'interests',
  'who_i_know',
  'invite_code',
  'status',
  'registered_at',
  'linked_at',
  'onboarded_at',
] as const;

function exportRow(member: MemberView): (string | number | null)[] {
  return [
    member.id,
    member.first_name,
    member.last_name,
    member.age,
    member.location,
    member.phone,
    member.occupation,
    member.looking_for.join('; '),
    member.interests.join('; '),
    member.who_i_know.map((entry) => `${entry.name} (${entry.kind}, ${entry.location})`).join('; '),
    member.invite_code,
    member.status,
    member.registered_at,
    member.linked_at,
    member.onboarded_at,
  ];
}

function listing(members: MemberSummary[]): Text {
  if (!members.length) return text`No members yet.`;
  return table(
    ['ID', 'NAME', 'PHONE', 'STATUS', 'REGISTERED', 'LINKED', 'ONBOARDED', 'INVITED BY'],
    members.map((member) => [
      member.id,
      `${member.first_name} ${member.last_name}`,
      member.phone,
      member.status,
      shortTime(member.registered_at),
      shortTime(member.linked_at),
      shortTime(member.onboarded_at),
      member.invite_code,
    ]),
  );
}

function inviterOf(member: MemberDetail): string {
  if (!member.invited_by) return 'an operator’s code';
  if (member.invited_by.erased) return 'a member who has erased their account';
  return `${member.invited_by.first_name ?? ''} (${member.invited_by.id})`;
}

function details(member: MemberDetail): Text {
  const linkingCode = member.linking_code_used_at
    ? `used ${shortTime(member.linking_code_used_at)}`
    : `unused, expires ${shortTime(member.linking_code_expires_at)}`;
  return fields([
    ['id', member.id],
    ['name', `${member.first_name} ${member.last_name}`],
    ['age', String(member.age)],
    ['location', member.location],
    ['phone', member.phone],
    ['occupation', member.occupation],
    ['looking for', member.looking_for.join(', ') || '-'],
    ['interests', member.interests.join(' | ') || '-'],
    ['invited by code', member.invite_code],
    ['invited by', inviterOf(member)],
    [
      'their invites',
      member.invites
        .map((code) => `${code.code} ${code.status} (${code.uses}/${code.max_uses})`)
        .join(', ') || '-',
    ],
    ['status', member.status],
    ['registered', shortTime(member.registered_at)],
    ['linked', shortTime(member.linked_at)],
    ['onboarded', shortTime(member.onboarded_at)],
    ['linking code', linkingCode],
    ...member.who_i_know.map((entry, i): [string, Value] => [
      i === 0 ? 'who I know' : '',
      `${entry.name} (${entry.kind}, ${entry.location})`,
    ]),
    ...member.photos.map((photo, i): [string, Value] => [
      i === 0 ? 'photos' : '',
      `#${photo.position + 1}: ${photo.width}x${photo.height} JPEG, ${Math.ceil(photo.bytes / 1024)} KB`,
    ]),
  ]);
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      ...changeOptionSpecs,
      yes: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [typed, id] = positionals;
  const command = chosenCommand(typed, ['list', 'export', 'show', 'delete'], USAGE, values.help);
  if (!command) return;
  // None of these creates a database: with none yet there is no member, and an export is still a valid CSV.
  const nothingHere = await noDataYet();
  if (nothingHere) {
    const oneMember = command === 'show' || command === 'delete';
    printError(oneMember ? text`No member ${id}. ${nothingHere}` : text`${nothingHere}`);
    if (command === 'export') print(csv(EXPORT_COLUMNS, []));
    if (oneMember) process.exitCode = 1;
    return;
  }
  const change = changeOptions(values);
  await runAdminCommand(async (admin) => {
    switch (command) {
      case 'list':
        print(listing(await admin.listMembers({ query: {} })));
        return;
      case 'export': {
        const { members } = await admin.exportMembers();
        print(csv(EXPORT_COLUMNS, members.map(exportRow)));
        return;
      }
      case 'show': {
        if (!id) throw new CommandFailure(lines([text`show needs a member id.`, USAGE]));
        print(details(await admin.getMember({ params: { id } })));
        return;
      }
      case 'delete': {
        if (!id) throw new CommandFailure(lines([text`delete needs a member id.`, USAGE]));
        if (change.dry_run) {
          const { effect } = await admin.deleteMember({ params: { id }, body: change });
          print(text`Dry run: would have ${effect}.`, NOTHING_CHANGED);
          return;
        }
        const question = text`Erase member ${id}: profile, photos, network, nominations and sign-ins? This cannot be undone. [y/N] `;
        if (!values.yes && !(await confirmed(question))) {
          printError(text`Nothing was deleted.`);
          process.exitCode = 1;
          return;
        }
        await admin.deleteMember({ params: { id }, body: change });
        print(text`Erased member ${id}.`);
        return;
      }
    }
  });
}

runCommandLine(main);
