import { defaultWebhookTiming, type WebhookSettings } from '../webhooks/webhookWorker';

export interface AssistantSettings {
  /** `ASSISTANT_API_KEY`: when undefined, /api/assistant/* does not exist (404). */
  apiKey: string | undefined;
  /** Calls per client per minute on /api/assistant/*. */
  rateLimitPerMinute: number;
  /** `WEBHOOK_URL` + `WEBHOOK_SECRET`: when undefined, events wait in the outbox and nothing is sent. */
  webhooks: WebhookSettings | undefined;
}

/** Shorter keys could be guessed or were typed by hand; the README says how to make one. */
const MIN_API_KEY_LENGTH = 32;
/** Standard Webhooks asks for 24 to 64 random bytes. */
const MIN_SECRET_BYTES = 24;
const DEFAULT_ASSISTANT_RATE_LIMIT = 300;

type IntegerSetting = (env: NodeJS.ProcessEnv, name: string, fallback: number) => number;

function readWebhookSettings(env: NodeJS.ProcessEnv, integer: IntegerSetting): WebhookSettings | undefined {
  const url = env.WEBHOOK_URL || undefined;
  const secret = env.WEBHOOK_SECRET || undefined;
  if (!url && !secret) return undefined;
  if (!url || !secret) {
    const [set, missing] = url ? ['WEBHOOK_URL', 'WEBHOOK_SECRET'] : ['WEBHOOK_SECRET', 'WEBHOOK_URL'];
    throw new Error(`${set} is set without ${missing}: the two must be set together (or neither)`);
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('WEBHOOK_URL must be an http:// or https:// address');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error('WEBHOOK_URL must be an http:// or https:// address');
  }
  const encoded = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(secret)?.[1];
  if (!encoded || Buffer.from(encoded, 'base64').length < MIN_SECRET_BYTES) {
    throw new Error(
      `WEBHOOK_SECRET must be whsec_ followed by at least ${MIN_SECRET_BYTES} bytes in base64 ` +
        '(make one with: echo "whsec_$(openssl rand -base64 32)")',
    );
  }
  return {
    url,
    secret,
    ...defaultWebhookTiming,
    retryBaseMs: Math.max(1, integer(env, 'WEBHOOK_RETRY_BASE_MS', defaultWebhookTiming.retryBaseMs)),
  };
}

export function readAssistantSettings(env: NodeJS.ProcessEnv, integer: IntegerSetting): AssistantSettings {
  const apiKey = env.ASSISTANT_API_KEY || undefined;
  if (apiKey !== undefined && apiKey.length < MIN_API_KEY_LENGTH) {
    throw new Error(
      `ASSISTANT_API_KEY must be at least ${MIN_API_KEY_LENGTH} characters ` +
        '(make one with: openssl rand -base64 32)',
    );
  }
  return {
    apiKey,
    rateLimitPerMinute: integer(env, 'ASSISTANT_RATE_LIMIT', DEFAULT_ASSISTANT_RATE_LIMIT),
    webhooks: readWebhookSettings(env, integer),
  };
}
