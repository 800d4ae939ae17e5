import { execFileSync } from 'node:child_process';
import path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/**
 * Reading the OpenAPI document the way a client would: its operations, its media (a body or an
 * answer with a schema and examples) and a validator for any schema in it, `$ref`s resolved
 * against the document itself. Shared by the contract tests.
 */

export type Json = Record<string, unknown>;

export interface Media {
  /** `requestBody` or the answer's status. */
  where: string;
  mediaType: string;
  schema: Json;
  /** JSON pointer of the schema inside the document. */
  pointer: string;
  examples: unknown[];
}

export interface Operation {
  method: string;
  path: string;
  operation: Json;
  /** `GET /api/me`, as a reader names it. */
  name: string;
  pointer: string;
}

export interface OpenApiDocument {
  openapi: string;
  info: Json;
  servers?: Json[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Json>>;
  webhooks?: Record<string, Record<string, Json>>;
  components?: { securitySchemes?: Record<string, Json>; schemas?: Record<string, Json> };
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function pointerPart(text: string): string {
  return text.replaceAll('~', '~0').replaceAll('/', '~1');
}

export async function fetchDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${response.statusCode}`);
  return response.json<OpenApiDocument>();
}

/** The admin API's own document, as the operator's command line reads it (loopback, the admin token). */
export async function fetchAdminDocument(app: FastifyInstance, adminToken: string): Promise<OpenApiDocument> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/admin/openapi.json',
    headers: { host: 'localhost', authorization: `Bearer ${adminToken}` },
  });
  if (response.statusCode !== 200)
    throw new Error(`GET /api/admin/openapi.json answered ${response.statusCode}`);
  return response.json<OpenApiDocument>();
}

function operationsOf(
  items: Record<string, Record<string, Json>> | undefined,
  root: 'paths' | 'webhooks',
): Operation[] {
  return Object.entries(items ?? {}).flatMap(([key, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path: key,
        operation,
        name: `${method.toUpperCase()} ${key}`,
        pointer: `#/${root}/${pointerPart(key)}/${method}`,
      })),
  );
}

export const operations = (document: OpenApiDocument) => operationsOf(document.paths, 'paths');
export const webhookOperations = (document: OpenApiDocument) => operationsOf(document.webhooks, 'webhooks');

function examplesOfMedia(media: Json): unknown[] {
  if ('example' in media) return [media.example];
  if (media.examples && typeof media.examples === 'object') {
    return Object.values(media.examples as Record<string, { value?: unknown }>).map((one) => one.value);
  }
  // A response given per content type keeps its examples on the schema.
  return schemaExamples(media.schema as Json | undefined);
}

/** The request body's and every answer's media of one operation. */
export function mediaOf({ operation, pointer }: Operation): Media[] {
  const found: Media[] = [];
  const collect = (where: string, content: unknown, contentPointer: string) => {
    for (const [mediaType, media] of Object.entries((content ?? {}) as Record<string, Json>)) {
      if (!media.schema) continue;
      found.push({
        where,
        mediaType,
        schema: media.schema as Json,
        pointer: `${contentPointer}/content/${pointerPart(mediaType)}/schema`,
        examples: examplesOfMedia(media),
      });
    }
  };
  const body = operation.requestBody as Json | undefined;
  if (body) collect('requestBody', body.content, `${pointer}/requestBody`);
  for (const [status, answer] of Object.entries((operation.responses ?? {}) as Record<string, Json>)) {
    collect(status, answer.content, `${pointer}/responses/${status}`);
  }
  return found;
}

/** The parameters of one operation (path, query, header), each with its schema's pointer. */
export function parametersOf({ operation, pointer }: Operation) {
  return ((operation.parameters ?? []) as Json[]).map((parameter, index) => ({
    name: parameter.name as string,
    in: parameter.in as string,
    required: parameter.required === true,
    schema: parameter.schema as Json | undefined,
    pointer: `${pointer}/parameters/${index}/schema`,
    examples: 'example' in parameter ? [parameter.example] : schemaExamples(parameter.schema as Json),
  }));
}

function schemaExamples(schema: Json | undefined): unknown[] {
  return Array.isArray(schema?.examples) ? schema.examples : [];
}

/** Every schema-level `examples` array inside a schema (2020-12 keeps them on nested schemas). */
export function nestedSchemaExamples(
  schema: unknown,
  pointer: string,
): { pointer: string; examples: unknown[] }[] {
  if (!schema || typeof schema !== 'object') return [];
  const found: { pointer: string; examples: unknown[] }[] = [];
  const node = schema as Json;
  if (Array.isArray(node.examples)) found.push({ pointer, examples: node.examples });
  if ('example' in node) found.push({ pointer, examples: [node.example] });
  for (const [key, value] of Object.entries(node)) {
    if (key === 'examples' || key === 'example' || !value || typeof value !== 'object') continue;
    found.push(...nestedSchemaExamples(value, `${pointer}/${pointerPart(key)}`));
  }
  return found;
}

/**
 * Validates values against schemas of the document, by pointer: Ajv for JSON Schema 2020-12 (the
 * dialect of OpenAPI 3.1), with the document added whole so that `$ref`s into it resolve.
 */
export function documentValidator(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  // OpenAPI's own format names, which describe rather than constrain.
  for (const format of ['binary', 'byte', 'int32', 'int64', 'float', 'double', 'password']) {
    ajv.addFormat(format, true);
  }
  ajv.addSchema(document as object, 'openapi.json');
  const compiled = new Map<string, ValidateFunction>();
  return (pointer: string, value: unknown): string | undefined => {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi.json${pointer}` });
      compiled.set(pointer, validate);
    }
    return validate(value) ? undefined : ajv.errorsText(validate.errors);
  };
}

/** The document checked by @seriousme/openapi-schema-validator (an ES module: run in its own node). */
export function validateWithOpenApiValidator(document: OpenApiDocument): {
  valid: boolean;
  errors?: unknown;
} {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    let text = '';
    for await (const chunk of process.stdin) text += chunk;
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(text));
    process.stdout.write(JSON.stringify({ ...result, version: validator.version }));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.resolve(__dirname, '../..'),
    input: JSON.stringify(document),
    encoding: 'utf8',
  });
  return JSON.parse(output) as { valid: boolean; errors?: unknown };
}

/**
 * The (method, path) pairs the server answers, read from `printRoutes`: its tree prints each node's
 * segment under its parent's and the methods a node takes in brackets. Parameters become `{}` so
 * that `/members/:id` and `/members/{id}` compare equal (the printed tree merges names: `:id|:userId`).
 */
export function answeredRoutes(app: FastifyInstance): Set<string> {
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = full;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.add(`${method} ${normalisePath(full)}`);
    }
  }
  return routes;
}

/** `/a/:x|:y/b` and `/a/{x}/b` alike: `/a/{}/b`. */
export function normalisePath(route: string): string {
  return route.replace(/:[^/]+|\{[^}]+\}/g, '{}');
}
