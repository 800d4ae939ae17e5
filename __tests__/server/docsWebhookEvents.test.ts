import fs from 'node:fs';
import path from 'node:path';
import { webhookEventTypes } from '../../server/webhooks/outbox';

/** docs/api.md's paragraph on webhook events, from "**Events**" to the next blank line. */
function eventsParagraph(): string {
  const page = fs.readFileSync(path.resolve(__dirname, '../../docs/api.md'), 'utf8');
  return /^\*\*Events\*\*[\s\S]*?(?=\n\n)/m.exec(page)?.[0] ?? '';
}

test('docs/api.md lists every webhook event type the server sends', () => {
  const paragraph = eventsParagraph();
  expect(paragraph).not.toBe('');
  const missing = webhookEventTypes.filter((type) => !paragraph.includes(`\`${type}\``));
  expect(missing).toEqual([]);
});
