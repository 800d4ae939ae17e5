import { calendarDateProblem } from './calendarDate';
import type { EventLinkRequest } from './contracts/partner';
import { limits } from './limits';
import { tooLongMessage } from './registrationMessages';
import { exceedsMaxLength, isVisiblyBlank, unusableTextMessage } from './textRules';

/** The body of `POST /api/partner/event-links` is the contract's (src/domain/contracts/partner.ts). */
export type { EventLinkRequest };

const { community } = limits;

/** `today` as YYYY-MM-DD (UTC) plus `days`. */
export function dayAfter(today: string, days: number): string {
  const day = new Date(`${today}T00:00:00.000Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/**
 * What an organiser may ask for (the same text rules as members' for the label): the first problem's
 * sentence, or undefined. `today` is the server's day (UTC); a link works through its last day.
 */
export function eventLinkProblem(link: EventLinkRequest, today: string): string | undefined {
  if (isVisiblyBlank(link.label)) return 'Give the link a label, such as the event’s name.';
  if (exceedsMaxLength(link.label, community.eventLinkLabelMaxLength))
    return `${tooLongMessage(community.eventLinkLabelMaxLength, 'The label')}.`;
  const unusable = unusableTextMessage('The label', link.label);
  if (unusable) return `${unusable}.`;
  if (!Number.isInteger(link.max_uses) || link.max_uses < 1)
    return 'A link admits at least 1 person (max_uses).';
  const dateProblem = calendarDateProblem('The last day', link.expires_on);
  if (dateProblem) return dateProblem;
  const latest = dayAfter(today, community.eventLinkMaxDays);
  if (link.expires_on < today) return `The last day ${link.expires_on} has passed.`;
  if (link.expires_on > latest)
    return `A link works for at most a year: its last day can be ${latest} at the latest.`;
  return undefined;
}

/** The 422 of a link that would take the community past its quota. */
export function beyondQuotaMessage(maxUses: number, placesLeft: number, quota: number): string {
  return `This link would admit ${maxUses} ${maxUses === 1 ? 'person' : 'people'}, but your community has ${placesLeft} of its ${quota} places left: make a smaller link, or revoke one you no longer need.`;
}
