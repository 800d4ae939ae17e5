/**
 * The one place for names, addresses and numbers that the site, the legal pages and the
 * server all print. Values marked PLACEHOLDER must be replaced by the operator before launch.
 */
export const brand = {
  productName: 'Becca',
  assistantName: 'Becca',
  tagline: 'the AI Social Network',
  company: {
    /** PLACEHOLDER: the operator's registered company name. */
    legalName: 'Becca Social Ltd (placeholder company name)',
    jurisdiction: 'England and Wales',
    /** PLACEHOLDER: Companies House number. */
    companyNumber: '00000000 (placeholder)',
    /** PLACEHOLDER: registered office. */
    registeredOffice: 'Registered office address to be confirmed (placeholder), London, United Kingdom',
  },
  /** PLACEHOLDER addresses on the reserved .example domain. */
  contactEmail: 'hello@becca.example',
  privacyEmail: 'privacy@becca.example',
  /** Where vulnerabilities are reported (published in /.well-known/security.txt). PLACEHOLDER. */
  securityEmail: 'security@becca.example',
  /** The separate web app that members sign in to; events live under its /events path. */
  appUrl: 'https://app.becca.example',
  eventsPath: '/events',
  /** PLACEHOLDER: an Ofcom drama-range number (07700 900xxx) until the real WhatsApp Business number exists. */
  assistantWhatsAppNumber: '447700900123',
  socialLinks: {
    x: 'https://x.com/',
    instagram: 'https://www.instagram.com/',
    youtube: 'https://www.youtube.com/',
  },
  legalEffectiveDate: '04/08/2025',
} as const;

export type Brand = typeof brand;
