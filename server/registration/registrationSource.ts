import type { WebhookEventData } from '../../src/domain/contracts/webhookEvents';
import type { InviteCodeRow } from '../invites/inviteCodeStore';

/** How a member came in, read from the code they registered with (the `member.registered` event's `source`). */
export function registrationSource(code: InviteCodeRow): WebhookEventData<'member.registered'>['source'] {
  if (code.communityId)
    return { kind: 'community', community_id: code.communityId, link_label: code.label ?? '' };
  if (code.waitlistId !== null) return { kind: 'waitlist_invitation' };
  if (code.invitedBy !== null || code.invitedByErased !== null) return { kind: 'member_invite' };
  return { kind: 'operator_code' };
}
