import type { Db } from '../db/database';
import { findMemberRecord, findMemberRecords, type MemberRecord } from '../members/memberQueries';
import { listWebhookEvents, retryWebhookEvent, type WebhookEventRow } from '../webhooks/outbox';

/**
 * What the operator sees of a member (never the photo bytes): its record as it travels over the admin
 * route in JSON, each date an ISO string.
 */
export type MemberView = {
  [Field in keyof MemberRecord]: MemberRecord[Field] extends Date
    ? string
    : MemberRecord[Field] extends Date | null
      ? string | null
      : MemberRecord[Field];
};

export interface WebhookEventView {
  id: string;
  type: string;
  status: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
  deliveredAt: string | null;
}

/** The operations behind `npm run members` and `npm run webhooks`. */
export interface MemberOperatorCommands {
  listMembers(): Promise<MemberView[]>;
  showMember(id: string): Promise<MemberView | undefined>;
  listWebhookEvents(): Promise<WebhookEventView[]>;
  retryWebhookEvent(id: string): Promise<WebhookEventView | undefined>;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toMemberView(record: MemberRecord): MemberView {
  return {
    ...record,
    registeredAt: record.registeredAt.toISOString(),
    linkedAt: iso(record.linkedAt),
    onboardedAt: iso(record.onboardedAt),
    linkingCodeExpiresAt: record.linkingCodeExpiresAt.toISOString(),
    linkingCodeUsedAt: iso(record.linkingCodeUsedAt),
  };
}

export function toWebhookEventView(row: WebhookEventRow): WebhookEventView {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    deliveredAt: iso(row.deliveredAt),
  };
}

export function databaseMemberCommands(db: Db): MemberOperatorCommands {
  return {
    listMembers: async () => (await findMemberRecords(db)).map(toMemberView),
    showMember: async (id) => {
      const record = await findMemberRecord(db, id);
      return record && toMemberView(record);
    },
    listWebhookEvents: async () => (await listWebhookEvents(db)).map(toWebhookEventView),
    retryWebhookEvent: async (id) => {
      const row = await retryWebhookEvent(db, id);
      return row && toWebhookEventView(row);
    },
  };
}

/** The same commands through a running server's loopback admin routes (embedded database). */
export function serverMemberCommands(
  request: <T>(method: string, path: string) => Promise<T>,
): MemberOperatorCommands {
  return {
    listMembers: () => request('GET', '/api/admin/members'),
    showMember: (id) => request('GET', `/api/admin/members/${encodeURIComponent(id)}`),
    listWebhookEvents: () => request('GET', '/api/admin/webhook-events'),
    retryWebhookEvent: (id) => request('POST', `/api/admin/webhook-events/${encodeURIComponent(id)}/retry`),
  };
}
