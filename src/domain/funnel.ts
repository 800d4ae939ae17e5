/**
 * The operator's funnel, as plain data: the browser reads these without the wire schemas
 * (src/domain/contracts/adminOverview.ts), which would bring TypeBox into the console's code.
 */

/** The stages a code and the people who use it pass through, in order. */
export const funnelStages = ['issued', 'checked', 'registered', 'linked', 'onboarded'] as const;
export type FunnelStage = (typeof funnelStages)[number];

/** How many days the overview's registrations per day cover, today included. */
export const REGISTRATION_DAYS = 30;
