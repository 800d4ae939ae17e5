import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  PurgeOutcome,
  PurgeRequest,
  WaitlistExport,
  WaitlistInvitations,
  WaitlistInvite,
  WaitlistList,
  WaitlistQuery,
} from '../../src/domain/contracts/adminWaitlist';
import { errorAnswers } from '../../src/domain/contracts/errors';
import { phoneTarget } from '../admin/auditTrail';
import { actorOf } from '../admin/operatorActor';
import { purgeNominations, purgeWaitlist } from '../privacy/retention';
import { inviteNextWaiting, inviteWaitlistPhone } from '../waitlist/waitlistInvites';
import { HttpError } from '../httpError';
import {
  listWaitlist,
  toWaitlistEntryView,
  toWaitlistListEntry,
  waitlistPhoneOf,
} from '../waitlist/waitlistStore';
import { waitlistPhoneToE164 } from '../../src/domain/phoneNumber';
import { counted } from '../../src/domain/counted';
import { adminPaths } from '../../src/domain/contracts/adminPaths';
import { adminOperation } from './adminOperation';
import type { AdminRouteOptions } from './adminRoutes';
import { performOperatorAction } from './operatorAction';

/**
 * `npm run waitlist` and `npm run nominations -- purge`, and the console's waitlist: list, export
 * (recorded: it is personal data leaving the system), invite one number or the next N, and the
 * retention purges with their dry run.
 */
export const waitlistAdminRoutes: FastifyPluginAsyncTypebox<AdminRouteOptions> = async (
  app,
  { database: { db }, appUrl, auditHashKey },
) => {
  app.get(
    adminPaths.listWaitlist.path,
    {
      schema: adminOperation({
        summary: 'List the waitlist',
        operationId: 'listWaitlist',
        description:
          'Every entry, oldest first, with its state (waiting, invited, joined); phones and e-mails masked (the export has them whole, and is recorded).',
        querystring: WaitlistQuery,
        response: { 200: WaitlistList },
      }),
    },
    async (request) => {
      const views = (await listWaitlist(db)).map(toWaitlistListEntry);
      const { status } = request.query;
      return status === undefined ? views : views.filter((view) => view.status === status);
    },
  );

  app.post(
    adminPaths.exportWaitlist.path,
    {
      schema: adminOperation({
        summary: 'Export the waitlist',
        operationId: 'exportWaitlist',
        description: 'Every entry, for `waitlist export`’s CSV. Recorded in the audit trail.',
        response: { 200: WaitlistExport },
      }),
    },
    async (request) => {
      const { result, effect } = await performOperatorAction(
        db,
        { actor: actorOf(request), action: 'waitlist.export', target: null },
        false,
        async (tx) => {
          const entries = (await listWaitlist(tx)).map(toWaitlistEntryView);
          return {
            result: entries,
            effect: `exported ${counted(entries.length, 'waitlist entry', 'waitlist entries')}`,
          };
        },
      );
      return { entries: result, effect };
    },
  );

  app.post(
    adminPaths.inviteFromWaitlist.path,
    {
      schema: adminOperation({
        summary: 'Let people in from the waitlist',
        operationId: 'inviteFromWaitlist',
        description:
          'One number on the waitlist, or the N longest-waiting: each gets a one-use code bound to it, and the answer carries the wa.me link to send. Inviting a number again sends the same code.',
        body: WaitlistInvite,
        response: { 200: WaitlistInvitations, ...errorAnswers(422) },
      }),
    },
    async (request) => {
      const body = request.body;
      let typed: string | undefined;
      if ('phone' in body) typed = body.phone;
      else if ('id' in body) {
        typed = await waitlistPhoneOf(db, body.id);
        if (!typed) throw new HttpError(404, `No waitlist entry ${body.id} with a phone number.`);
      }
      const phone = typed === undefined ? null : waitlistPhoneToE164(typed);
      const target = phone ? await phoneTarget(auditHashKey, phone) : null;
      const { result, effect } = await performOperatorAction(
        db,
        { actor: actorOf(request), action: 'waitlist.invite', target, reason: body.reason },
        false,
        async (tx) => {
          const invitations = await (async () => {
            if (typed === undefined) return inviteNextWaiting(tx, (body as { next: number }).next, appUrl);
            const invited = await inviteWaitlistPhone(tx, typed, appUrl);
            if ('refused' in invited) throw new HttpError(422, invited.refused);
            return [invited];
          })();
          const targets = await Promise.all(
            invitations.map((invitation) => phoneTarget(auditHashKey, invitation.phone)),
          );
          const who = 'next' in body && targets.length ? `: ${targets.join(', ')}` : '';
          return {
            result: invitations,
            effect: `invited ${counted(invitations.length, 'waitlist entry', 'waitlist entries')}${who}`,
          };
        },
      );
      return { invitations: result, effect };
    },
  );

  const purgeRoute = (what: 'waitlist' | 'nominations') => {
    const purge = what === 'waitlist' ? purgeWaitlist : purgeNominations;
    const rows = what === 'waitlist' ? ['waitlist entry', 'waitlist entries'] : ['nomination', 'nominations'];
    const operationId = what === 'waitlist' ? 'purgeWaitlist' : 'purgeNominations';
    app.post(
      adminPaths[operationId].path,
      {
        schema: adminOperation({
          summary: `Purge old ${what === 'waitlist' ? 'waitlist entries' : 'nominations'}`,
          operationId,
          description: `Deletes the ${rows[1]} older than \`older_than_days\`; \`dry_run\` counts them and deletes nothing.`,
          body: PurgeRequest,
          response: { 200: PurgeOutcome },
        }),
      },
      async (request) => {
        const { older_than_days: olderThanDays, reason, dry_run: dryRun = false } = request.body;
        const outcome = await performOperatorAction(
          db,
          { actor: actorOf(request), action: `${what}.purge`, target: null, reason },
          dryRun,
          async (tx) => {
            const purged = await purge(tx, { olderThanDays });
            return {
              result: purged,
              effect: `deleted ${counted(purged.count, rows[0]!, rows[1])} older than ${olderThanDays} days`,
            };
          },
        );
        return { ...outcome.result, effect: outcome.effect, dry_run: outcome.dryRun };
      },
    );
  };
  purgeRoute('waitlist');
  purgeRoute('nominations');
};
