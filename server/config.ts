import path from 'node:path';
import { brand } from '../src/config/brand';
import { limits } from '../src/domain/limits';
import { MIN_OPT_OUT_SALT_LENGTH } from './privacy/phoneOptOuts';
import { readAssistantSettings, type AssistantSettings } from './assistant/assistantSettings';

export type RateLimitedEndpoint =
  'validateCode' | 'waitlistJoin' | 'register' | 'registerAccepted' | 'nominateFriend' | 'optOut';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export type LogFormat = 'json' | 'pretty';

export interface Settings {
  port: number;
  host: string;
  /** Folder of the embedded database, its lock file and the operator's admin token. */
  dataDir: string;
  /** When set, PostgreSQL instead of the embedded database. */
  databaseUrl: string | undefined;
  /** When set, rate-limit counters live in Redis so several instances share them. */
  redisUrl: string | undefined;
  assistantWhatsAppNumber: string;
  appUrl: string;
  /** One-use invite codes each new member receives (`MEMBER_INVITES`). */
  memberInvites: number;
  logLevel: LogLevel;
  /** `json` or `pretty`; unset: pretty on a terminal, JSON otherwise. */
  logFormat: LogFormat | undefined;
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
  /** The assistant's API key and webhook delivery; each undefined (off) unless configured. */
  assistant: AssistantSettings;
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const LOG_FORMATS: readonly LogFormat[] = ['json', 'pretty'];

export function integerSetting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number, got "${raw}"`);
  }
  return value;
}

function positiveSecondsSetting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const seconds = integerSetting(env, name, fallback);
  if (seconds < 1) throw new Error(`${name} must be at least 1 (seconds), got "${env[name]}"`);
  return seconds * 1000;
}

function optOutSalt(env: NodeJS.ProcessEnv): string | undefined {
  const salt = env.OPT_OUT_SALT;
  if (!salt) return undefined;
  if (salt.length < MIN_OPT_OUT_SALT_LENGTH) {
    throw new Error(`OPT_OUT_SALT must be at least ${MIN_OPT_OUT_SALT_LENGTH} characters`);
  }
  return salt;
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const logLevel = (env.LOG_LEVEL ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  const logFormat = (env.LOG_FORMAT || undefined) as LogFormat | undefined;
  if (logFormat !== undefined && !LOG_FORMATS.includes(logFormat)) {
    throw new Error(`LOG_FORMAT must be json or pretty (or unset), got "${env.LOG_FORMAT}"`);
  }
  return {
    port: integerSetting(env, 'PORT', 3000),
    host: env.HOST || 'localhost',
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    assistantWhatsAppNumber: (env.ASSISTANT_WHATSAPP_NUMBER || brand.assistantWhatsAppNumber).replace(
      /\D/g,
      '',
    ),
    appUrl: env.APP_URL || `http://localhost:${integerSetting(env, 'PORT', 3000)}`,
    memberInvites: integerSetting(env, 'MEMBER_INVITES', 3),
    logLevel,
    logFormat,
    trustProxyHops: integerSetting(env, 'TRUST_PROXY_HOPS', 0),
    rateLimits: {
      validateCode: integerSetting(env, 'VALIDATE_CODE_RATE_LIMIT', limits.rateLimits.validateCode.max),
      waitlistJoin: integerSetting(env, 'WAITLIST_RATE_LIMIT', limits.rateLimits.waitlistJoin.max),
      register: integerSetting(env, 'REGISTER_RATE_LIMIT', limits.rateLimits.register.max),
      registerAccepted: integerSetting(
        env,
        'REGISTER_ACCEPTED_RATE_LIMIT',
        limits.rateLimits.registerAccepted.max,
      ),
      nominateFriend: integerSetting(env, 'NOMINATE_RATE_LIMIT', limits.rateLimits.nominateFriend.max),
      optOut: integerSetting(env, 'OPT_OUT_RATE_LIMIT', limits.rateLimits.optOut.max),
    },
    webRoot: path.resolve(env.WEB_ROOT || 'dist'),
    bodyIdleTimeoutMs: positiveSecondsSetting(env, 'BODY_IDLE_TIMEOUT_SECONDS', 30),
    requestTimeoutMs: positiveSecondsSetting(env, 'REQUEST_TIMEOUT_SECONDS', 120),
    metricsToken: env.METRICS_TOKEN || undefined,
    optOutSalt: optOutSalt(env),
    nominationRetentionDays: integerSetting(env, 'NOMINATION_RETENTION_DAYS', 365),
    assistant: readAssistantSettings(env, integerSetting),
  };
}
