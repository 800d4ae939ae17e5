import fs from 'node:fs';
import path from 'node:path';
import { webhookEventTypes } from '../../server/webhooks/outbox';

/** The README's paragraph on webhook events, from "**Events**" to the next blank line. */
function eventsParagraph(): string {
  const readme = fs.readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');
  return /^\*\*Events\*\*[\s\S]*?(?=\n\n)/m.exec(readme)?.[0] ?? '';
}

test('the README lists every webhook event type the server sends', () => {
  const paragraph = eventsParagraph();
  expect(paragraph).not.toBe('');
  const missing = webhookEventTypes.filter((type) => !paragraph.includes(`\`${type}\``));
  expect(missing).toEqual([]);
});
