import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { runOperatorCommand } from './operatorConnection';

const USAGE = `Usage:
  npm run members -- delete ID [--yes]   erase a member and everything they gave us (asks first)`;

/** True only for an explicit yes; no answer (stdin closed or not a terminal) is a no. */
async function confirmed(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await Promise.race([
      prompt.question(question),
      new Promise<string>((resolve) => prompt.once('close', () => resolve(''))),
    ]);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    prompt.close();
  }
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { yes: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, id] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  await runOperatorCommand(async (commands) => {
    if (command !== 'delete') throw new Error(`Unknown command "${command}".\n${USAGE}`);
    if (!id) throw new Error(`delete needs a member ID.\n${USAGE}`);
    const question = `Erase member ${id}: profile, photos, network, nominations and sign-ins? This cannot be undone. [y/N] `;
    if (!values.yes && !(await confirmed(question))) {
      console.error('Nothing was deleted.');
      process.exitCode = 1;
      return;
    }
    const { deleted } = await commands.deleteMember(id);
    if (!deleted) throw new Error(`No member ${id}.`);
    console.log(`Erased member ${id}.`);
  });
}

void main();
