import { runCommandLine } from './commandLine';
import { runOperatorCommand } from './operatorConnection';
import { formatTable, shortTime } from './tabular';

const USAGE = `Usage:
  npm run webhooks -- list        recent events: pending / delivered / failed, attempts, last answer
  npm run webhooks -- retry ID    send an event again now (same webhook-id), with a fresh retry window`;

async function main() {
  const [command, id] = process.argv.slice(2);
  if (!command || command === '--help' || command === '-h') {
    console.log(USAGE);
    return;
  }
  await runOperatorCommand(async (commands) => {
    switch (command) {
      case 'list': {
        const events = await commands.listWebhookEvents();
        if (!events.length) {
          console.log('No webhook events yet.');
          return;
        }
        console.log(
          formatTable(
            ['ID', 'TYPE', 'STATUS', 'ATTEMPTS', 'LAST ANSWER', 'CREATED', 'NEXT ATTEMPT'],
            events.map((event) => [
              event.id,
              event.type,
              event.status,
              String(event.attempts),
              event.lastStatus !== null ? String(event.lastStatus) : (event.lastError ?? '-'),
              shortTime(event.createdAt),
              event.status === 'pending' ? shortTime(event.nextAttemptAt) : '-',
            ]),
          ),
        );
        return;
      }
      case 'retry': {
        if (!id) throw new Error(`retry needs an event id.\n${USAGE}`);
        const event = await commands.retryWebhookEvent(id);
        if (!event) throw new Error(`No webhook event ${id}.`);
        console.log(`Queued ${event.id} (${event.type}) for delivery now.`);
        return;
      }
      default:
        throw new Error(`Unknown command "${command}".\n${USAGE}`);
    }
  });
}

runCommandLine(main);
