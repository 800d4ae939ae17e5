import path from 'node:path';
import { FormatRegistry, Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { brand } from '../src/config/brand';
import { limits } from '../src/domain/limits';
import { MIN_OPT_OUT_SALT_LENGTH } from './privacy/phoneOptOuts';
import { defaultWebhookTiming, type WebhookSettings } from './webhooks/webhookWorker';

export type RateLimitedEndpoint =
  'validateCode' | 'waitlistJoin' | 'register' | 'registerAccepted' | 'nominateFriend' | 'optOut';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export type LogFormat = 'json' | 'pretty';

export interface AssistantSettings {
  /** `ASSISTANT_API_KEY`: when undefined, /api/assistant/* does not exist (404). */
  apiKey: string | undefined;
  /** Calls per client per minute on /api/assistant/*. */
  rateLimitPerMinute: number;
  /** `WEBHOOK_URL` + `WEBHOOK_SECRET`: when undefined, events wait in the outbox and nothing is sent. */
  webhooks: WebhookSettings | undefined;
}

export interface Settings {
  port: number;
  host: string;
  /** Folder of the embedded database, its lock file and the operator's admin token. */
  dataDir: string;
  /** When set, PostgreSQL instead of the embedded database. */
  databaseUrl: string | undefined;
  /** When set, migrations run through this connection (the tables' owner); DATABASE_URL's role only reads and writes. */
  databaseMigrationUrl: string | undefined;
  /** When set, rate-limit counters live in Redis so several instances share them. */
  redisUrl: string | undefined;
  assistantWhatsAppNumber: string;
  appUrl: string;
  /** One-use invite codes each new member receives (`MEMBER_INVITES`). */
  memberInvites: number;
  logLevel: LogLevel;
  /** `json` or `pretty`; unset: pretty on a terminal, JSON otherwise. */
  logFormat: LogFormat | undefined;
  /** https://no-color.org: readable log lines without colours. */
  noColour: boolean;
  /** Trust X-Forwarded-* from this many proxy hops (0: none). Set it only behind your own proxy. */
  trustProxyHops: number;
  /**
   * Per client per minute, per endpoint: requests, except `validateCode` (failed checks only),
   * `register` (refused registrations only) and `registerAccepted` (accepted registrations).
   */
  rateLimits: Record<RateLimitedEndpoint, number>;
  /** Folder with the built web app. */
  webRoot: string;
  /** A request body that sends nothing for this long is cut with 408. */
  bodyIdleTimeoutMs: number;
  /** A whole request (headers and body) must have arrived within this. */
  requestTimeoutMs: number;
  /** Bearer token for GET /metrics from another machine (loopback needs none); unset: loopback only. */
  metricsToken: string | undefined;
  /** Salt of the opt-out list's phone hashes; when unset, a random one kept in the database. */
  optOutSalt: string | undefined;
  /** `npm run nominations -- purge` deletes nominations older than this unless told otherwise. */
  nominationRetentionDays: number;
  /**
   * Key of the audit trail's phone hashes, kept outside the database; when unset, a file in DATA_DIR
   * on the embedded engine, the database's own salt on PostgreSQL (server/admin/auditHashKey.ts).
   */
  auditHashKey: string | undefined;
  /** The assistant's API key and webhook delivery; each undefined (off) unless configured. */
  assistant: AssistantSettings;
  /** After SIGTERM/SIGINT, /health answers 503 this long (everything else still served) before closing. */
  shutdownDrainMs: number;
}

/** A drain of 5 s outlasts a balancer's 2 failed checks 1 s apart; most supervisors kill at 10 s. */
const DEFAULT_DRAIN_SECONDS = 5;
const MAX_DRAIN_SECONDS = 6;

/** Shorter keys could be guessed or were typed by hand; docs/configuration.md says how to make one. */
const MIN_API_KEY_LENGTH = 32;
/** Standard Webhooks asks for 24 to 64 random bytes. */
const MIN_WEBHOOK_SECRET_BYTES = 24;

FormatRegistry.Set('http-url', (value) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
});
FormatRegistry.Set('standard-webhooks-secret', (value) => {
  const encoded = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value)?.[1];
  return encoded !== undefined && Buffer.from(encoded, 'base64').length >= MIN_WEBHOOK_SECRET_BYTES;
});

/**
 * Each setting's schema says, besides its type and default, what a bad value is told: `expected`
 * completes "NAME must be …", and a `secret` value is never repeated in that sentence.
 */
interface SettingAnnotations {
  expected: string;
  secret?: boolean;
}

const wholeNumberSetting = (fallback: number) =>
  Type.Integer({ minimum: 0, default: fallback, expected: 'a whole number' });
const seconds = (fallback: number) =>
  Type.Integer({ minimum: 1, default: fallback, expected: 'a whole number of seconds, at least 1' });
const text = (fallback: string) => Type.String({ default: fallback, expected: 'text' });
const optionalText = () => Type.Optional(Type.String({ expected: 'text' }));
const optionalSecret = (options: object = {}) =>
  Type.Optional(Type.String({ expected: 'text', ...options, secret: true }));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Every environment variable the server reads, with its default: the one place a setting is
 * declared. docs/configuration.md's table lists exactly these (docsConfiguration.test.ts). An
 * empty value counts as unset.
 */
export const Environment = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000, expected: 'a port number (0 to 65535)' }),
  HOST: text('localhost'),
  DATA_DIR: text('./data'),
  DATABASE_URL: optionalSecret(),
  /** The owner role's address, for migrations only (docs/install.md, PostgreSQL with two roles). */
  DATABASE_MIGRATION_URL: optionalSecret(),
  REDIS_URL: optionalSecret(),
  ASSISTANT_WHATSAPP_NUMBER: text(brand.assistantWhatsAppNumber),
  /** Unset: http://localhost:PORT. */
  APP_URL: Type.Optional(Type.String({ format: 'http-url', expected: 'an http:// or https:// address' })),
  MEMBER_INVITES: wholeNumberSetting(3),
  LOG_LEVEL: Type.Union(
    LOG_LEVELS.map((level) => Type.Literal(level)),
    { default: 'info', expected: `one of ${LOG_LEVELS.join(', ')}` },
  ),
  /** Unset: pretty on a terminal, JSON otherwise. */
  LOG_FORMAT: Type.Optional(
    Type.Union([Type.Literal('json'), Type.Literal('pretty')], { expected: 'json or pretty (or unset)' }),
  ),
  NO_COLOR: optionalText(),
  WEB_ROOT: text('./dist'),
  /** Read by scripts/buildIfStale.cjs before the server starts: `1` skips the web build. */
  SKIP_WEB_BUILD: optionalText(),
  TRUST_PROXY_HOPS: wholeNumberSetting(0),
  VALIDATE_CODE_RATE_LIMIT: wholeNumberSetting(limits.rateLimits.validateCode.max),
  WAITLIST_RATE_LIMIT: wholeNumberSetting(limits.rateLimits.waitlistJoin.max),
  REGISTER_RATE_LIMIT: wholeNumberSetting(limits.rateLimits.register.max),
  REGISTER_ACCEPTED_RATE_LIMIT: wholeNumberSetting(limits.rateLimits.registerAccepted.max),
  NOMINATE_RATE_LIMIT: wholeNumberSetting(limits.rateLimits.nominateFriend.max),
  BODY_IDLE_TIMEOUT_SECONDS: seconds(30),
  REQUEST_TIMEOUT_SECONDS: seconds(120),
  METRICS_TOKEN: optionalSecret(),
  OPT_OUT_RATE_LIMIT: wholeNumberSetting(limits.rateLimits.optOut.max),
  /** Unset: a random salt kept in the database. */
  OPT_OUT_SALT: optionalSecret({
    minLength: MIN_OPT_OUT_SALT_LENGTH,
    expected: `at least ${MIN_OPT_OUT_SALT_LENGTH} characters`,
  }),
  NOMINATION_RETENTION_DAYS: wholeNumberSetting(365),
  /** Unset: DATA_DIR/audit-hash-key on the embedded engine. */
  AUDIT_HASH_KEY: optionalSecret({
    minLength: MIN_API_KEY_LENGTH,
    expected: `at least ${MIN_API_KEY_LENGTH} characters (make one with: openssl rand -base64 32)`,
  }),
  ASSISTANT_API_KEY: optionalSecret({
    minLength: MIN_API_KEY_LENGTH,
    expected: `at least ${MIN_API_KEY_LENGTH} characters (make one with: openssl rand -base64 32)`,
  }),
  ASSISTANT_RATE_LIMIT: wholeNumberSetting(300),
  WEBHOOK_URL: Type.Optional(Type.String({ format: 'http-url', expected: 'an http:// or https:// address' })),
  WEBHOOK_SECRET: optionalSecret({
    format: 'standard-webhooks-secret',
    expected:
      `whsec_ followed by at least ${MIN_WEBHOOK_SECRET_BYTES} bytes in base64 ` +
      '(make one with: echo "whsec_$(openssl rand -base64 32)")',
  }),
  WEBHOOK_RETRY_BASE_MS: wholeNumberSetting(defaultWebhookTiming.retryBaseMs),
  /**
   * Unset: DEFAULT_DRAIN_SECONDS with DATABASE_URL (behind a balancer), 0 on the embedded database (one
   * process, nobody to hand its traffic to). At most MAX_DRAIN_SECONDS: in-flight requests still get
   * time to finish within the shutdown's deadline.
   */
  SHUTDOWN_DRAIN_SECONDS: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: MAX_DRAIN_SECONDS,
      expected: `a whole number of seconds from 0 to ${MAX_DRAIN_SECONDS}`,
    }),
  ),
});

type EnvironmentValues = Static<typeof Environment>;

/** Settings that cannot work, every one of them: one sentence each, on one line together. */
export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
    this.name = new.target.name;
  }
}

const variableSchemas: Record<string, TSchema & Partial<SettingAnnotations>> = Environment.properties;

/** The variables the schema declares, as set (empty is unset), numbers turned into numbers. */
function declaredValues(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(variableSchemas)) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const number = Number(raw);
    // "abc", " " and "1.5" stay as they are, and the schema says what was expected.
    values[name] = schema.type === 'integer' && raw.trim() !== '' && Number.isFinite(number) ? number : raw;
  }
  return values;
}

function schemaProblems(values: Record<string, unknown>, env: NodeJS.ProcessEnv): string[] {
  const problems = new Map<string, string>();
  for (const error of Value.Errors(Environment, values)) {
    const name = error.path.slice(1);
    const schema = variableSchemas[name];
    if (!schema || problems.has(name)) continue;
    // Quoted as JSON, so a control character in the value shows as an escape, not on the terminal.
    problems.set(
      name,
      `${name} must be ${schema.expected}${schema.secret ? '' : `, got ${JSON.stringify(env[name])}`}`,
    );
  }
  return [...problems.values()];
}

/** Rules between variables, which one variable's schema cannot say. */
function pairingProblems(values: Partial<EnvironmentValues>): string[] {
  const problems: string[] = [];
  const { WEBHOOK_URL: url, WEBHOOK_SECRET: secret } = values;
  if (Boolean(url) !== Boolean(secret)) {
    const [set, missing] = url ? ['WEBHOOK_URL', 'WEBHOOK_SECRET'] : ['WEBHOOK_SECRET', 'WEBHOOK_URL'];
    problems.push(`${set} is set without ${missing}: the two must be set together (or neither)`);
  }
  if (values.DATABASE_MIGRATION_URL && !values.DATABASE_URL) {
    problems.push('DATABASE_MIGRATION_URL is set without DATABASE_URL: it names the owner of that database');
  }
  return problems;
}

function settingsFrom(values: EnvironmentValues): Settings {
  const { WEBHOOK_URL: webhookUrl, WEBHOOK_SECRET: webhookSecret } = values;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    databaseMigrationUrl: values.DATABASE_MIGRATION_URL,
    redisUrl: values.REDIS_URL,
    assistantWhatsAppNumber: values.ASSISTANT_WHATSAPP_NUMBER.replace(/\D/g, ''),
    appUrl: values.APP_URL ?? `http://localhost:${values.PORT}`,
    memberInvites: values.MEMBER_INVITES,
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT,
    noColour: values.NO_COLOR !== undefined,
    trustProxyHops: values.TRUST_PROXY_HOPS,
    rateLimits: {
      validateCode: values.VALIDATE_CODE_RATE_LIMIT,
      waitlistJoin: values.WAITLIST_RATE_LIMIT,
      register: values.REGISTER_RATE_LIMIT,
      registerAccepted: values.REGISTER_ACCEPTED_RATE_LIMIT,
      nominateFriend: values.NOMINATE_RATE_LIMIT,
      optOut: values.OPT_OUT_RATE_LIMIT,
    },
    webRoot: path.resolve(values.WEB_ROOT),
    bodyIdleTimeoutMs: values.BODY_IDLE_TIMEOUT_SECONDS * 1000,
    requestTimeoutMs: values.REQUEST_TIMEOUT_SECONDS * 1000,
    metricsToken: values.METRICS_TOKEN,
    optOutSalt: values.OPT_OUT_SALT,
    nominationRetentionDays: values.NOMINATION_RETENTION_DAYS,
    auditHashKey: values.AUDIT_HASH_KEY,
    assistant: {
      apiKey: values.ASSISTANT_API_KEY,
      rateLimitPerMinute: values.ASSISTANT_RATE_LIMIT,
      webhooks:
        webhookUrl && webhookSecret
          ? {
              url: webhookUrl,
              secret: webhookSecret,
              ...defaultWebhookTiming,
              retryBaseMs: Math.max(1, values.WEBHOOK_RETRY_BASE_MS),
            }
          : undefined,
    },
    shutdownDrainMs:
      (values.SHUTDOWN_DRAIN_SECONDS ?? (values.DATABASE_URL ? DEFAULT_DRAIN_SECONDS : 0)) * 1000,
  };
}

/** The settings from the environment, or a SettingsError naming every variable that cannot work. */
export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const values = Value.Default(Environment, declaredValues(env)) as Record<string, unknown>;
  const problems = [...schemaProblems(values, env), ...pairingProblems(values as Partial<EnvironmentValues>)];
  if (problems.length > 0) throw new SettingsError(problems);
  return settingsFrom(values as EnvironmentValues);
}
