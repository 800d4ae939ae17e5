import { parseArgs } from 'node:util';
import type { OrganiserSignIn } from '../../src/domain/contracts/adminCommunities';
import { limits } from '../../src/domain/limits';
import { noDataYet } from '../admin/adminClient';
import { wholeNumberOption } from './changeOptions';
import { chosenCommand, runCommandLine } from './commandLine';
import { CommandFailure, lines, print, printError, shortTime, table, text } from './operatorOutput';
import { runAdminCommand } from './runAdminCommand';

const USAGE = text`Usage:
  npm run communities -- list                               applications from /communities, oldest first
  npm run --silent communities -- approve ID [--quota N] [--reason TEXT]
                                                            makes the community (quota ${limits.community.defaultQuota} unless told) and its
                                                            organiser; prints the wa.me link that sends their sign-in link
  npm run communities -- decline ID --reason TEXT           declines an application, saying why
  npm run --silent communities -- sign-in-link COMMUNITY_ID a new sign-in link (72 hours) for the organiser
  npm run communities -- list-communities                   communities, newest first: status, places, live links, funnel
  npm run communities -- suspend COMMUNITY_ID --reason TEXT its links stop admitting, its organiser is signed out`;

const COMMANDS = ['list', 'approve', 'decline', 'sign-in-link', 'list-communities', 'suspend'] as const;
const NEEDS_COMMUNITY_ID: ReadonlySet<string> = new Set(['sign-in-link', 'suspend']);
const NEEDS_REASON: ReadonlySet<string> = new Set(['decline', 'suspend']);

function printSignIn(signIn: OrganiserSignIn): void {
  printError(
    text`Community ${signIn.community_id}, organiser ${signIn.organiser}. Their sign-in link (once, 72 hours): ${signIn.sign_in_url}`,
    text`Tap the link below and send it on WhatsApp:`,
  );
  // The wa.me link alone on the last line of stdout, ready to open.
  print(text`${signIn.whatsapp_url}`);
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      quota: { type: 'string' },
      reason: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [typed, id, ...extra] = positionals;
  const command = chosenCommand(typed, COMMANDS, USAGE, values.help);
  if (!command) return;
  const listing = command === 'list' || command === 'list-communities';
  if (listing && (id || extra.length))
    throw new CommandFailure(lines([text`${command} takes no argument.`, USAGE]));
  if (!listing && (!id || extra.length))
    throw new CommandFailure(
      lines([text`${command} needs one ${NEEDS_COMMUNITY_ID.has(command) ? 'COMMUNITY_ID' : 'ID'}.`, USAGE]),
    );
  if (NEEDS_REASON.has(command) && !values.reason?.trim())
    throw new CommandFailure(lines([text`${command} needs --reason TEXT.`, USAGE]));
  const quota =
    values.quota === undefined
      ? undefined
      : wholeNumberOption(values.quota, '--quota', limits.community.quota.min, limits.community.quota.max);
  const nothingHere = await noDataYet();
  if (nothingHere) {
    printError(text`${nothingHere}`);
    if (!listing) process.exitCode = 1;
    return;
  }
  await runAdminCommand(async (admin) => {
    const reason = values.reason?.trim() || undefined;
    switch (command) {
      case 'list': {
        const { community_applications: rows } = await admin.listCommunityApplications();
        if (!rows.length) return print(text`No community has applied yet.`);
        print(
          table(
            ['ID', 'APPLIED', 'STATUS', 'COMMUNITY', 'CITY', 'SIZE', 'ORGANISER', 'PHONE', 'COMMUNITY ID'],
            rows.map((row) => [
              row.id,
              shortTime(row.applied_at),
              row.status,
              row.community_name,
              row.city,
              row.expected_size,
              row.organiser_name,
              row.contact_phone,
              row.community_id,
            ]),
          ),
        );
        return;
      }
      case 'approve':
        return printSignIn(
          await admin.approveCommunityApplication({ params: { id: id! }, body: { quota, reason } }),
        );
      case 'decline': {
        const declined = await admin.declineCommunityApplication({
          params: { id: id! },
          body: { reason: reason! },
        });
        return print(text`${declined.effect[0]!.toUpperCase()}${declined.effect.slice(1)}.`);
      }
      case 'sign-in-link':
        return printSignIn(await admin.createOrganiserSignInLink({ params: { id: id! } }));
      case 'list-communities': {
        const { communities } = await admin.listCommunities();
        if (!communities.length) return print(text`No community yet: approve an application first.`);
        print(
          table(
            [
              'COMMUNITY ID',
              'MADE',
              'STATUS',
              'COMMUNITY',
              'ORGANISER',
              'QUOTA',
              'LEFT',
              'LIVE LINKS',
              'CHECKED',
              'REGISTERED',
              'LINKED',
              'ONBOARDED',
            ],
            communities.map((row) => [
              row.id,
              shortTime(row.created_at),
              row.suspended_at ? `suspended ${shortTime(row.suspended_at)}` : row.status,
              row.name,
              row.organiser ?? '(removed)',
              row.quota,
              row.uses_left,
              row.live_links,
              row.funnel.checked,
              row.funnel.registered,
              row.funnel.linked,
              row.funnel.onboarded,
            ]),
          ),
        );
        return;
      }
      case 'suspend': {
        const suspended = await admin.suspendCommunity({ params: { id: id! }, body: { reason: reason! } });
        return print(text`${suspended.effect[0]!.toUpperCase()}${suspended.effect.slice(1)}.`);
      }
    }
  });
}

runCommandLine(main);
