import type { InviteCodeRow } from '../../server/invites/inviteCodeStore';
import { registrationSource } from '../../server/registration/registrationSource';

const code = (fields: Partial<InviteCodeRow>) =>
  ({
    communityId: null,
    waitlistId: null,
    invitedBy: null,
    invitedByErased: null,
    label: null,
    ...fields,
  }) as InviteCodeRow;

test.each([
  [{}, { kind: 'operator_code' }],
  [{ label: 'Autumn cohort' }, { kind: 'operator_code' }],
  [{ invitedBy: '6f1c2a9e-4b7d-4e0a-9c3b-2d5e8f1a7b40' }, { kind: 'member_invite' }],
  [{ invitedByErased: '6f1c2a9e-4b7d-4e0a-9c3b-2d5e8f1a7b40' }, { kind: 'member_invite' }],
  [{ waitlistId: 7 }, { kind: 'waitlist_invitation' }],
  [
    { communityId: '0b8c7f5e-3f0e-4d55-9d55-1f6c2d1b7a10', label: 'November breakfast' },
    {
      kind: 'community',
      community_id: '0b8c7f5e-3f0e-4d55-9d55-1f6c2d1b7a10',
      link_label: 'November breakfast',
    },
  ],
])('a code %j: source %j', (fields, source) => {
  expect(registrationSource(code(fields))).toEqual(source);
});
