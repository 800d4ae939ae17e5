/**
 * Every number that bounds what a person may type or upload, in one place. The browser uses it
 * for its live checks and input attributes; the server uses the same values to re-check requests,
 * so the two can never disagree.
 */
export const limits = {
  inviteCode: {
    /** Live validation starts at this many characters. */
    minLength: 3,
    maxLength: 20,
    /** Codes we issue: 31-letter alphabet, 10 characters, about 49 bits, hopeless to guess. */
    generatedLength: 10,
  },
  /** Longer phone input is rejected before it reaches the parser. */
  phoneInputMaxLength: 250,
  phoneParsing: {
    /** The phone reading's last fallback treats 10 to 15 bare digits as an international number. */
    fallbackMinDigits: 10,
    fallbackMaxDigits: 15,
    /** A leading 0 with at least this many digits is read as a UK national number. */
    ukTrunkMinDigits: 10,
  },
  waitlistPhoneMaxLength: 20,
  waitlistNameMaxLength: 120,
  emailMaxLength: 254,
  age: { min: 18, max: 100 },
  /**
   * Where a who-I-know entry sits on its card, in percent of the card: the wizard places entries
   * within 0-100, the older form may send any small number; the bound keeps every value storable.
   */
  entryPosition: { min: -1000, max: 1000 },
  /** Occupation, joy and exciting need at least this many characters after trimming. */
  longTextMinLength: 30,
  fieldMaxLength: {
    firstName: 80,
    lastName: 80,
    location: 120,
    occupation: 1000,
    joy: 1000,
    exciting: 1000,
    entryName: 120,
    entryLocation: 120,
    /** Ids are made by the browser; anything longer is not one of ours. */
    entryId: 64,
    instagram: 60,
  },
  instagramHandleMaxLength: 30,
  /** "Partner with Becca" (src/domain/communityApplication.ts) and what an organiser makes. */
  community: {
    organiserNameMaxLength: 120,
    communityNameMaxLength: 120,
    about: { min: 30, max: 500 },
    cityMaxLength: 120,
    expectedSize: { min: 2, max: 100_000 },
    /** The places an approval gives when the operator names none. */
    defaultQuota: 100,
    quota: { min: 1, max: 100_000 },
    eventLinkLabelMaxLength: 80,
    /** How far ahead an event link may expire, in days. */
    eventLinkMaxDays: 366,
    /** An organiser's one-use sign-in link works this long. */
    signInLinkHours: 72,
  },
  lookingForMax: 4,
  /** Joy and exciting: the only two sources of interests. */
  interestsMax: 2,
  /** Who-I-know entries per step; there are two steps (groups, then people). */
  entriesPerStep: 3,
  photos: {
    min: 1,
    /** Upload slots shown and photo parts accepted per registration. */
    max: 3,
    maxBytes: 10 * 1024 * 1024,
    /**
     * The decoder refuses images with more pixels than this before allocating them, so a small
     * "pixel bomb" file (e.g. a 50,000 x 50,000 PNG of a few KB) cannot blow the server's memory
     * budget. 40 MP is more than any phone saves by default (12-24 MP) while keeping one decoded
     * RGBA frame at 160 MB at worst.
     */
    maxInputPixels: 40_000_000,
    /**
     * Stored photos are resized so that neither side exceeds this (the browser downsizes to it
     * before uploading too). A profile photo is never shown wider than about 400 CSS px, so this
     * is enough at 3x; and a phone's 3000-4000 px photo is then at least twice the target, which
     * lets the JPEG decoder decode it at half size directly (far less CPU and memory per upload).
     */
    maxDimensionAfterResize: 1280,
    /**
     * Formats accepted, recognised from the bytes (never the name or the declared type). HEIC is not
     * among them: the server cannot decode it, and a browser that can (Safari) sends JPEG instead.
     */
    acceptedTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'],
    acceptedFormatNames: 'JPEG, PNG, WebP, GIF or AVIF',
    /** The photo queue (server/registration/photoQueue.ts): the one throttle on photo work. */
    queue: {
      /** Registrations reading and processing their photos at once; the rest wait their turn. */
      registrationsAtOnce: 3,
      /** How long a registration with a good invite code waits for its turn before a 503. */
      maxWaitMs: 15_000,
      /** Bytes held at once by every upload in flight together; beyond it, 503 rather than growth. */
      maxBytesInFlight: 64 * 1024 * 1024,
    },
  },
  multipart: {
    /** The `form_data` JSON text (or any single text field of the older form). */
    maxFormDataBytes: 64 * 1024,
    maxFields: 16,
  },
  jsonBodyMaxBytes: 64 * 1024,
  /**
   * Text the API reads that nobody types in a form: ids, codes passed along, dates. Anything longer is
   * not one of ours; the bounds are generous so that the rules, not the schema, give the message.
   */
  apiText: {
    /** A member's id (a UUID) or another id in a path. */
    idMaxLength: 64,
    /** The linking code the assistant forwards from the member's first message. */
    linkingCodeMaxLength: 64,
    /** A WhatsApp number as the assistant forwards it (E.164 or bare digits). */
    whatsAppNumberMaxLength: 40,
    /** An ISO 8601 day (YYYY-MM-DD) or date-time. */
    dateMaxLength: 35,
    /** An age sent as text ("36"). */
    ageTextMaxLength: 10,
    /** One choice of "what I'm looking for". */
    lookingForOptionMaxLength: 40,
    /** Choices of "what I'm looking for" and interests the server reads (more than the wizard offers). */
    choicesMax: 10,
    /** A waitlist name or e-mail address as sent (the rules give the exact limits). */
    waitlistTextMaxLength: 1000,
    /** Any field of a community application or an event link as sent (the rules give the exact limits). */
    communityTextMaxLength: 2000,
    /**
     * A path parameter as the router passes it on: its own limit (beyond it, 414). An over-long invite
     * code must reach its handler, which answers valid:false.
     */
    pathParameterMaxLength: 16 * 1024,
    /** Standard Webhooks headers we send: `msg_…` ids, Unix seconds, `v1,<base64>` signatures. */
    webhookHeaderMaxLength: 1000,
  },
  /**
   * What the operator sends the admin API (the command line, the console): the contracts
   * (src/domain/contracts/admin*.ts), the commands' own checks and the console's fields share these.
   */
  admin: {
    /** Codes one `invite create` issues at most (a cohort). */
    codesPerBatchMax: 500,
    /** Uses one code may allow. */
    usesPerCodeMax: 100_000,
    /** Codes one `invite grant` adds at most: a typo (1000 for 10) should not flood a member. */
    grantMax: 100,
    /** Waitlist numbers one `waitlist invite --next N` lets in at most. */
    inviteNextMax: 1000,
    /** The oldest a retention purge can reach back, in days (100 years). */
    retentionDaysMax: 36_500,
    /** Why, in the operator's words, kept in the audit trail. */
    reasonMaxLength: 500,
    /** An invite code or a phone number as the operator types it (codes we issue are 10 letters). */
    typedCodeMaxLength: 40,
    typedPhoneMaxLength: 40,
    /** A cohort's label, and the labels, targets, actors and searches the lists filter by. */
    labelMaxLength: 200,
    filterTextMaxLength: 200,
    /** An audit action (`invite.revoke-branch`) to filter by. */
    actionMaxLength: 100,
    /** A console session's short id (12 hex digits) to filter the audit trail by. */
    sessionIdMaxLength: 40,
    /** A webhook event's id (`msg_…`, 28 characters). */
    webhookEventIdMaxLength: 100,
    /** A waitlist entry's id: the database's int4 serial. */
    waitlistEntryIdMax: 2_147_483_647,
  },
  /** Defaults per client address; the server may read overrides from its environment. */
  rateLimits: {
    /** Failed invite-code checks (unknown, revoked, expired, used up) per client. */
    validateCode: { max: 30, timeWindowMs: 60_000 },
    waitlistJoin: { max: 10, timeWindowMs: 60_000 },
    /** Refused registrations (403, 409, 422) per client. */
    register: { max: 10, timeWindowMs: 60_000 },
    /** Accepted registrations per client: a ceiling a meetup on one Wi-Fi never meets. */
    registerAccepted: { max: 120, timeWindowMs: 60_000 },
    /** Registrations refused because the phone is already a member, per invite code (a probe). */
    phoneConflictsPerCode: { max: 3, timeWindowMs: 24 * 60 * 60_000 },
    nominateFriend: { max: 20, timeWindowMs: 60_000 },
    optOut: { max: 5, timeWindowMs: 60_000 },
  },
} as const;

export type Limits = typeof limits;
