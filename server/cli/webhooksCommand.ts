import { runAdminCommand } from './runAdminCommand';
import { runCommandLine } from './commandLine';
import { CommandFailure, lines, print, shortTime, table, text } from './operatorOutput';

const USAGE = text`Usage:
  npm run webhooks -- list        recent events: pending / delivered / failed, attempts, last answer
  npm run webhooks -- retry ID    send an event again now (same webhook-id), with a fresh retry window`;

async function main() {
  const [command, id] = process.argv.slice(2);
  if (!command || command === '--help' || command === '-h') {
    print(USAGE);
    return;
  }
  await runAdminCommand(async (admin) => {
    switch (command) {
      case 'list': {
        const events = await admin.listWebhookEvents();
        if (!events.length) {
          print(text`No webhook events yet.`);
          return;
        }
        print(
          table(
            ['ID', 'TYPE', 'STATUS', 'ATTEMPTS', 'LAST ANSWER', 'CREATED', 'NEXT ATTEMPT'],
            events.map((event) => [
              event.id,
              event.type,
              event.status,
              event.attempts,
              event.last_status ?? event.last_error ?? '-',
              shortTime(event.created_at),
              event.status === 'pending' ? shortTime(event.next_attempt_at) : '-',
            ]),
          ),
        );
        return;
      }
      case 'retry': {
        if (!id) throw new CommandFailure(lines([text`retry needs an event id.`, USAGE]));
        const { event } = await admin.retryWebhookEvent({ params: { id } });
        print(text`Queued ${event.id} (${event.type}) for delivery now.`);
        return;
      }
      default:
        throw new CommandFailure(lines([text`Unknown command "${command}".`, USAGE]));
    }
  });
}

runCommandLine(main);
