import { Type } from '@fastify/type-provider-typebox';
import { memberStatuses } from '../../src/domain/memberProfile';

/**
 * The parts of a member that the assistant's API and the member's own account API describe alike.
 * Each route adds what only its reader gets (the assistant a photo URL, the member their phone and
 * the map positions), so the two contracts stay separate while the shared fields cannot drift.
 */
export const memberProfileFields = {
  user_id: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  age: Type.Integer(),
  location: Type.String(),
  occupation: Type.String(),
  looking_for: Type.Array(Type.String()),
  interests: Type.Array(Type.String()),
};

/** One entry of "who I know", without where the member placed it on their map. */
export const whoIKnowEntryFields = {
  kind: Type.Union([Type.Literal('group'), Type.Literal('person')]),
  name: Type.String(),
  location: Type.String(),
};

/** The domain's lifecycle (src/domain/memberProfile.ts), the same list the database column takes. */
export const MemberStatus = Type.Union(memberStatuses.map((status) => Type.Literal(status)));
