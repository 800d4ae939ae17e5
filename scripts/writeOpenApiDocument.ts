/**
 * Writes the API's OpenAPI document, as the server serves it with every optional route on (the
 * assistant's and the operator's), to the file named on the command line: what `npm run lint:api`
 * hands to Redocly and Spectral, and what an integrator feeds openapi-typescript.
 *
 *   tsx scripts/writeOpenApiDocument.ts <out.json>
 */
import fs from 'node:fs';
import { buildApp } from '../server/app';
import { readSettings } from '../server/config';
import { openEmbeddedDatabase } from '../server/db/database';

export async function openApiDocumentText(): Promise<string> {
  // servers[0] as production has it (https), unless APP_URL says otherwise.
  const defaults = readSettings({ APP_URL: process.env.APP_URL || 'https://becca.example' });
  const settings = { ...defaults, assistant: { ...defaults.assistant, apiKey: 'document-only' } };
  const database = await openEmbeddedDatabase(undefined);
  const app = await buildApp({
    settings,
    database,
    logger: false,
    adminToken: 'document-only',
    operatorCommandsOnly: true,
  });
  try {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    if (response.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${response.statusCode}`);
    return `${JSON.stringify(response.json(), null, 2)}\n`;
  } finally {
    await app.close();
    await database.close();
  }
}

if (require.main === module) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: tsx scripts/writeOpenApiDocument.ts <out.json>');
    process.exit(2);
  }
  openApiDocumentText().then(
    (text) => fs.writeFileSync(out, text),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
