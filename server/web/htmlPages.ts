import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ORIGIN_PLACEHOLDER } from '../../src/shared/pageMeta';
import {
  inlineSourceHashes,
  pageContentSecurityPolicy,
  type InlineSourceHashes,
} from './contentSecurityPolicy';
import type { Headers } from './securityHeaders';

/** Written by scripts/precompress.ts: each built HTML file's inline-code hashes, by path under the web root. */
export const CSP_HASHES_FILE = 'csp-hashes.json';

/**
 * Browsers revalidate every time (a 304 costs one round trip and no body); a CDN may serve a page
 * for five minutes, so a deploy shows everywhere within that. Hashed assets are cached for a year.
 */
const HTML_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=60';

type Encoding = 'br' | 'gzip' | 'identity';

/** What a page request is answered with: worked out once per page and encoding, sent as it is. */
export interface PageAnswer {
  readonly status: number;
  readonly headers: Headers;
  /** Absent for a 304. (Node sends no body to a HEAD request whatever it is given.) */
  readonly body?: Buffer;
}

interface Variant {
  etag: string;
  found: PageAnswer;
  notModified: PageAnswer;
}

/** One built HTML file, held in memory in each encoding with every header it is sent with. */
export interface HtmlPage {
  variants: Record<Encoding, Variant>;
}

/** On libuv's threads, so that the pages of a start are compressed side by side. */
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function compress(identity: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
    : gzip(identity, { level: 9 });
}

/** The build's .br/.gz copy when it is there; compressed once here otherwise (a development build). */
async function compressedCopy(file: string, identity: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const built = path.join(`${file}.${encoding === 'br' ? 'br' : 'gz'}`);
  if (fs.existsSync(built)) return fs.readFileSync(built);
  return compress(identity, encoding);
}

function readHashManifest(webRoot: string): Record<string, InlineSourceHashes> {
  try {
    return JSON.parse(fs.readFileSync(path.join(webRoot, CSP_HASHES_FILE), 'utf8')) as Record<
      string,
      InlineSourceHashes
    >;
  } catch {
    return {};
  }
}

/**
 * Loads a built HTML file, or undefined when the web app has not been built. A page that names its
 * own address (canonical link, link-preview tags) gets this deployment's origin, APP_URL, in place of
 * the build's placeholder, and is compressed here once since the build's copies no longer match.
 * `securityHeaders` are the documents' ones; the page's own policy replaces their CSP.
 */
export async function loadHtmlPage(
  webRoot: string,
  relativePath: string,
  origin: string,
  securityHeaders: Headers,
): Promise<HtmlPage | undefined> {
  const file = path.join(webRoot, relativePath);
  if (!fs.existsSync(file)) return undefined;
  const built = fs.readFileSync(file, 'utf8');
  const namesOrigin = built.includes(ORIGIN_PLACEHOLDER);
  const identity = Buffer.from(namesOrigin ? built.replaceAll(ORIGIN_PLACEHOLDER, origin) : built);
  const compressed = (encoding: 'br' | 'gzip') =>
    namesOrigin ? compress(identity, encoding) : compressedCopy(file, identity, encoding);
  // A strong validator per representation: the same bytes always carry the same tag, on every instance.
  const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  const hashes = readHashManifest(webRoot)[relativePath] ?? inlineSourceHashes(built);
  // A 304 repeats what the 200 would say about caching and policy, without describing a body.
  const cacheHeaders = {
    ...securityHeaders,
    'content-security-policy': pageContentSecurityPolicy(hashes),
    'cache-control': HTML_CACHE_CONTROL,
    vary: 'accept-encoding',
  };
  const variant = (body: Buffer, encoding: Encoding, suffix: string): Variant => {
    const etag = `"${tag}${suffix}"`;
    const notModifiedHeaders = Object.freeze({ ...cacheHeaders, etag });
    return {
      etag,
      found: {
        status: 200,
        headers: Object.freeze({
          ...notModifiedHeaders,
          ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
          'content-type': 'text/html; charset=utf-8',
          'content-length': String(body.length),
        }),
        body,
      },
      notModified: { status: 304, headers: notModifiedHeaders },
    };
  };
  const [br, gz] = await Promise.all([compressed('br'), compressed('gzip')]);
  return {
    variants: {
      br: variant(br, 'br', '-br'),
      gzip: variant(gz, 'gzip', '-gz'),
      identity: variant(identity, 'identity', ''),
    },
  };
}

/** Whether an Accept-Encoding header lists `name` with a weight above zero (q=0 means "not this one"). */
const acceptsCoding = (name: string) =>
  new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=(?!0(?:\\.0*)?\\s*(?:,|$))[\\d.]+)?\\s*(?:,|$)`, 'i');
// Built once: every page request asks, and compiling the patterns was a visible share of its time.
const ACCEPTS_BR = acceptsCoding('br');
const ACCEPTS_GZIP = acceptsCoding('gzip');

/** br when the client takes it, else gzip, else the plain bytes. */
function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  if (ACCEPTS_BR.test(acceptEncoding)) return 'br';
  if (ACCEPTS_GZIP.test(acceptEncoding)) return 'gzip';
  return 'identity';
}

function matchesEtag(ifNoneMatch: string | undefined, page: HtmlPage): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const tags = ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  return Object.values(page.variants).some((variant) => tags.includes(variant.etag));
}

export interface PageRequest {
  'accept-encoding'?: string;
  'if-none-match'?: string;
}

/**
 * The answer to a GET or HEAD of `page` with these request headers: 304 when the client holds this
 * representation already, else the page in the encoding it takes, with `status` (404 for the app's
 * shell at an unknown path, which is never a 304). Nothing is built per request.
 */
export function pageAnswer(page: HtmlPage, headers: PageRequest, status = 200): PageAnswer {
  const variant = page.variants[chooseEncoding(headers['accept-encoding'])];
  if (status !== 200) return { ...variant.found, status };
  return matchesEtag(headers['if-none-match'], page) ? variant.notModified : variant.found;
}

/** Sends the page through Fastify: its bytes as they are in memory, no templating, no file access. */
export function sendHtmlPage(request: FastifyRequest, reply: FastifyReply, page: HtmlPage, status: number) {
  const answer = pageAnswer(page, request.headers, status);
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}
