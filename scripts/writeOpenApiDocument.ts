/**
 * Writes the API's OpenAPI document, as the server serves it with every optional route on (the
 * assistant's and the operator's), to the file named on the command line: what `npm run lint:api`
 * hands to Redocly and Spectral, and what an integrator feeds openapi-typescript. `--admin` writes the
 * admin API's document instead (`GET /api/admin/openapi.json`, as the operator's commands read it).
 *
 *   tsx scripts/writeOpenApiDocument.ts [--admin] <out.json>
 */
import fs from 'node:fs';
import { buildApp } from '../server/app';
import { readSettings } from '../server/config';
import { openEmbeddedDatabase } from '../server/db/database';
import { ADMIN_OPENAPI_JSON_PATH, OPENAPI_JSON_PATH } from '../server/openapi/openApiDocument';

const DOCUMENT_ONLY_TOKEN = 'document-only';

/** The documents the server serves: the public one, and the admin API's. */
export type ApiDocument = 'public' | 'admin';

export async function openApiDocumentText(which: ApiDocument = 'public'): Promise<string> {
  // servers[0] as production has it (https), unless APP_URL says otherwise.
  const defaults = readSettings({ APP_URL: process.env.APP_URL || 'https://becca.example' });
  const settings = { ...defaults, assistant: { ...defaults.assistant, apiKey: 'document-only' } };
  const database = await openEmbeddedDatabase(undefined);
  const app = await buildApp({
    settings,
    database,
    logger: false,
    adminToken: DOCUMENT_ONLY_TOKEN,
    operatorCommandsOnly: true,
  });
  try {
    const url = which === 'admin' ? ADMIN_OPENAPI_JSON_PATH : OPENAPI_JSON_PATH;
    // The admin document is the operator's: asked for as the command line asks (loopback, admin token).
    const headers =
      which === 'admin' ? { host: 'localhost', authorization: `Bearer ${DOCUMENT_ONLY_TOKEN}` } : {};
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}`);
    return `${JSON.stringify(response.json(), null, 2)}\n`;
  } finally {
    await app.close();
    await database.close();
  }
}

if (require.main === module) {
  const admin = process.argv[2] === '--admin';
  const out = process.argv[admin ? 3 : 2];
  if (!out) {
    console.error('usage: tsx scripts/writeOpenApiDocument.ts [--admin] <out.json>');
    process.exit(2);
  }
  openApiDocumentText(admin ? 'admin' : 'public').then(
    (text) => fs.writeFileSync(out, text),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
