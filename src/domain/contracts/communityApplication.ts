import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../limits';
import { SuccessMessage } from './errors';

const text = () => Type.String({ maxLength: limits.apiText.communityTextMaxLength });

/**
 * `POST /api/community-applications`: the "Partner with Becca" form of /communities. Lengths here are
 * generous: the rules (src/domain/communityApplication.ts) give the exact limits and their messages.
 */
export const CommunityApplicationRequest = Type.Object(
  {
    organiser_name: text(),
    community_name: text(),
    about: text(),
    city: text(),
    // Wide bounds: the rules give the exact ones (2 to 100000) with their message.
    expected_size: Type.Integer({
      format: 'int32',
      minimum: 0,
      maximum: 1_000_000_000,
      description: 'How many people come to a typical event.',
    }),
    contact_phone: Type.String({
      maxLength: limits.phoneInputMaxLength,
      description: 'The organiser’s WhatsApp number; UK numbers may start with 0.',
    }),
  },
  {
    additionalProperties: false,
    description: 'An organiser asks to bring their community to Becca; an operator approves or declines it.',
    examples: [
      {
        organiser_name: 'Ada Lovelace',
        community_name: 'Hackney Founders Breakfast',
        about: 'A monthly breakfast for people building companies in east London, about forty of us.',
        city: 'London',
        expected_size: 40,
        contact_phone: '+447911123456',
      },
    ],
  },
);
export type CommunityApplicationRequest = Static<typeof CommunityApplicationRequest>;

export const CommunityApplicationReceived = SuccessMessage(
  'The same answer whether or not this community had already applied.',
  'Thank you: we will read about your community and reply on WhatsApp within a few days.',
);
export type CommunityApplicationReceived = Static<typeof CommunityApplicationReceived>;
