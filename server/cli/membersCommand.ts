import { runCommandLine } from './commandLine';
import { createInterface } from 'node:readline/promises';
import type { MemberView } from '../operator/memberOperatorCommands';
import { noDataYet, runOperatorCommand } from './operatorConnection';
import { csvLine, formatTable, shortTime } from './tabular';

const USAGE = `Usage:
  npm run members -- list                     every member: id, name, status, when, invite code
  npm run members -- show ID                  everything stored about one member but the photo bytes
  npm run --silent members -- export > members.csv   CSV with a header row
  npm run members -- delete ID [--yes]        erase a member and everything they gave us (asks first)`;

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
    member.firstName,
    member.lastName,
    member.age,
    member.location,
    member.phone,
    member.occupation,
    member.lookingFor.join('; '),
    member.interests.join('; '),
    member.whoIKnow.map((entry) => `${entry.name} (${entry.kind}, ${entry.location})`).join('; '),
    member.inviteCode,
    member.status,
    member.registeredAt,
    member.linkedAt,
    member.onboardedAt,
  ];
}

function listing(members: MemberView[]): string {
  if (!members.length) return 'No members yet.';
  return formatTable(
    ['ID', 'NAME', 'STATUS', 'REGISTERED', 'LINKED', 'ONBOARDED', 'INVITED BY'],
    members.map((member) => [
      member.id,
      `${member.firstName} ${member.lastName}`,
      member.status,
      shortTime(member.registeredAt),
      shortTime(member.linkedAt),
      shortTime(member.onboardedAt),
      member.inviteCode,
    ]),
  );
}

function details(member: MemberView): string {
  const linkingCode = member.linkingCodeUsedAt
    ? `used ${shortTime(member.linkingCodeUsedAt)}`
    : `unused, expires ${shortTime(member.linkingCodeExpiresAt)}`;
  const lines: [string, string][] = [
    ['id', member.id],
    ['name', `${member.firstName} ${member.lastName}`],
    ['age', String(member.age)],
    ['location', member.location],
    ['phone', member.phone],
    ['occupation', member.occupation],
    ['looking for', member.lookingFor.join(', ') || '-'],
    ['interests', member.interests.join(' | ') || '-'],
    ['invited by code', member.inviteCode],
    ['status', member.status],
    ['registered', shortTime(member.registeredAt)],
    ['linked', shortTime(member.linkedAt)],
    ['onboarded', shortTime(member.onboardedAt)],
    ['linking code', linkingCode],
    ...member.whoIKnow.map((entry, i): [string, string] => [
      i === 0 ? 'who I know' : '',
      `${entry.name} (${entry.kind}, ${entry.location})`,
    ]),
    ...member.photos.map((photo, i): [string, string] => [
      i === 0 ? 'photos' : '',
      `#${photo.position + 1}: ${photo.width}x${photo.height} JPEG, ${Math.ceil(photo.bytes / 1024)} KB`,
    ]),
  ];
  const width = Math.max(...lines.map(([label]) => label.length));
  return lines.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n');
}

/** True only for an explicit yes; no answer (stdin closed or not a terminal) is a no. */
async function confirmed(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await Promise.race([
      prompt.question(question),
      new Promise<string>((resolve) => prompt.once('close', () => resolve(''))),
    ]);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    prompt.close();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const yes = args.includes('--yes');
  const [command, id] = args.filter((arg) => arg !== '--yes');
  if (!command || command === '--help' || command === '-h') {
    console.log(USAGE);
    return;
  }
  if (!['list', 'export', 'show', 'delete'].includes(command)) {
    console.error(`Unknown command "${command}".\n${USAGE}`);
    process.exitCode = 1;
    return;
  }
  // None of these creates a database: with none yet there is no member, and an export is still a valid CSV.
  const nothingHere = await noDataYet();
  if (nothingHere) {
    const oneMember = command === 'show' || command === 'delete';
    console.error(oneMember ? `No member ${id ?? ''}. ${nothingHere}` : nothingHere);
    if (command === 'export') console.log(EXPORT_COLUMNS.join(','));
    if (oneMember) process.exitCode = 1;
    return;
  }
  await runOperatorCommand(async (commands) => {
    switch (command) {
      case 'list':
        console.log(listing(await commands.listMembers()));
        return;
      case 'export': {
        const members = await commands.listMembers();
        console.log(
          [EXPORT_COLUMNS.join(','), ...members.map((member) => csvLine(exportRow(member)))].join('\n'),
        );
        return;
      }
      case 'show': {
        if (!id) throw new Error(`show needs a member id.\n${USAGE}`);
        const member = await commands.showMember(id);
        if (!member) throw new Error(`No member ${id}.`);
        console.log(details(member));
        return;
      }
      case 'delete': {
        if (!id) throw new Error(`delete needs a member id.\n${USAGE}`);
        const question = `Erase member ${id}: profile, photos, network, nominations and sign-ins? This cannot be undone. [y/N] `;
        if (!yes && !(await confirmed(question))) {
          console.error('Nothing was deleted.');
          process.exitCode = 1;
          return;
        }
        const { deleted } = await commands.deleteMember(id);
        if (!deleted) throw new Error(`No member ${id}.`);
        console.log(`Erased member ${id}.`);
        return;
      }
    }
  });
}

runCommandLine(main);
