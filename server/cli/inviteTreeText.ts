import type { InviteTree } from '../../src/domain/contracts/adminInviteCodes';

type InviteTreeCode = InviteTree['codes'][number];
type InviteTreeMember = InviteTree['members'][number];
import { lines as stacked, text, type Text } from './operatorOutput';

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

function codeState(code: InviteTreeCode): string {
  if (code.revoked) return 'revoked';
  return code.uses >= code.max_uses ? 'used' : 'unused';
}

function memberLine(member: InviteTreeMember): Text {
  if (member.erased) return text`(erased member)`;
  return text`${member.first_name} (${member.id}) registered ${member.registered_at?.slice(0, 10) ?? ''}`;
}

/**
 * Who invited whom, as text: the operator's codes at the root, each member under the code they used,
 * and under each member the codes of their quota (used ones lead on to the friend who used them).
 */
export function formatInviteTree({ codes, members }: InviteTree): Text {
  const membersByCode = groupBy(members, (member) => member.invite_code);
  const codesByMember = groupBy(
    codes.filter((code) => code.invited_by !== null),
    (code) => code.invited_by!,
  );
  const lines: Text[] = [];

  const drawMembers = (code: string, indent: string) => {
    const under = membersByCode.get(code) ?? [];
    under.forEach((member, index) => {
      const last = index === under.length - 1;
      lines.push(text`${indent}${last ? '└─ ' : '├─ '}${memberLine(member)}`);
      drawCodes(codesByMember.get(member.id) ?? [], indent + (last ? '   ' : '│  '));
    });
  };
  const drawCodes = (own: InviteTreeCode[], indent: string) => {
    own.forEach((code, index) => {
      const last = index === own.length - 1;
      lines.push(text`${indent}${last ? '└─ ' : '├─ '}${code.code}  ${codeState(code)}`);
      drawMembers(code.code, indent + (last ? '   ' : '│  '));
    });
  };

  for (const root of codes.filter((code) => code.invited_by === null)) {
    const origin = root.waitlist_phone
      ? `waitlist ${root.waitlist_phone}`
      : root.community
        ? `community ${root.community.name}: ${root.label ?? 'event link'}`
        : (root.label ?? 'operator');
    lines.push(
      text`${root.code}  ${origin}  ${root.uses}/${root.max_uses} uses${root.revoked ? '  revoked' : ''}`,
    );
    drawMembers(root.code, '');
  }
  return lines.length ? stacked(lines) : text`No invite codes yet. Create one with: npm run invite -- create`;
}
