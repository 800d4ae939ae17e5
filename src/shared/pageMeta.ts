import { brand } from '../config/brand';
import { routePaths, type RoutePath } from './routePaths';

/**
 * What each page says about itself before any script runs: to search engines, and to the apps that
 * draw a link preview (WhatsApp, iMessage, Slack, X), none of which run JavaScript. Pure data and
 * string building; the build writes it into each page's <head> (scripts/prerender.tsx) and the
 * server lists the indexable pages in /sitemap.xml.
 */
export interface PageMeta {
  /** The document title; a prerendered page's own <title> must say the same (the build checks). */
  title: string;
  description: string;
  /** The preview's headline, when it should differ from the title. */
  shareTitle?: string;
  /** The preview image under the web root (made by scripts/makeShareImages.ts). */
  shareImage: ShareImage;
  /** Listed in the sitemap and open to search engines; developer pages and the account are not. */
  indexable: boolean;
}

export interface ShareImage {
  path: string;
  alt: string;
}

/** Both 1200×630, the size every preview draws at full width. */
export const shareImages = {
  site: {
    path: '/social/share-becca.png',
    alt: `${brand.productName}, ${brand.tagline}: introductions to the right people, on WhatsApp`,
  },
  invite: {
    path: '/social/share-invite.png',
    alt: `You’re invited to ${brand.productName}, ${brand.tagline}`,
  },
} as const satisfies Record<string, ShareImage>;
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/**
 * The built pages name their own address (canonical link, og:url, og:image) with this origin; the
 * server replaces it with APP_URL as it loads them, so one build serves any deployment.
 */
export const ORIGIN_PLACEHOLDER = 'https://becca-origin.invalid';

const product = brand.productName;
const site = { shareImage: shareImages.site, indexable: true };
/** Every page of the operator console: one title and description, not for search engines. */
const consolePage: PageMeta = {
  title: `Operator console · ${product}`,
  description: `Where the people who run ${product} see how the network grows. Operators only.`,
  shareImage: shareImages.site,
  indexable: false,
};
const developerPage = (title: string): PageMeta => ({
  title: `${title} · ${product}`,
  description: `A developer page of ${product}.`,
  shareImage: shareImages.site,
  indexable: false,
});

export const pageMeta: Record<RoutePath, PageMeta> = {
  [routePaths.home]: {
    ...site,
    title: `${product}, ${brand.tagline}`,
    description: `${product}, ${brand.tagline}: an assistant on WhatsApp that introduces you to the right people and keeps you connected to everyone who matters.`,
  },
  [routePaths.becca]: {
    ...site,
    title: `Meet ${brand.assistantName} · ${product}`,
    description: `Meet ${brand.assistantName}, proactive AI for your relationships: she introduces you to the right people and keeps you connected to everyone who matters, all in WhatsApp.`,
  },
  [routePaths.communities]: {
    ...site,
    title: `${product} for communities`,
    description: `Run a club, a society, a meetup or an event series? ${product} helps your members find each other and keeps them connected between the sessions.`,
  },
  [routePaths.join]: {
    title: `Join ${product}`,
    shareTitle: `You’re invited to ${product}`,
    description: `${product} is invite-only. Enter your invite code, tell ${brand.assistantName} who you know, and meet the right people through WhatsApp.`,
    shareImage: shareImages.invite,
    indexable: true,
  },
  [routePaths.howItWorks]: {
    ...site,
    title: `How it works · ${product}`,
    description: `From “who should I meet?” to a group chat with someone new, in three steps: tell ${brand.assistantName} who you are looking for, get introduced, connect.`,
  },
  [routePaths.faq]: {
    ...site,
    title: `FAQ · ${product}`,
    description: `Everything people ask about ${product}, ${brand.tagline}: invites, introductions, WhatsApp, privacy and your data.`,
  },
  [routePaths.privacy]: {
    ...site,
    title: `Privacy Policy · ${product}`,
    description: `How ${product} collects, uses and protects your personal data, and the rights you have over it.`,
  },
  [routePaths.terms]: {
    ...site,
    title: `Terms of Service · ${product}`,
    description: `The terms that apply when you use ${product}, ${brand.tagline}.`,
  },
  [routePaths.account]: {
    title: `Your account · ${product}`,
    description: `Your ${product} account: what we hold about you, and your invites.`,
    shareImage: shareImages.site,
    indexable: false,
  },
  [routePaths.optOut]: {
    ...site,
    title: `Opt out · ${product}`,
    description: `Don’t want to be nominated? Enter your number and ${product} deletes any nomination of it and never stores it from one again.`,
  },
  [routePaths.admin]: consolePage,
  [routePaths.adminCodes]: consolePage,
  [routePaths.adminWaitlist]: consolePage,
  [routePaths.adminMembers]: consolePage,
  [routePaths.adminCommunities]: consolePage,
  [routePaths.adminWebhooks]: consolePage,
  [routePaths.adminAudit]: consolePage,
  [routePaths.partner]: {
    title: `Partner area · ${product}`,
    description: `Where a community partner of ${product} makes event links and watches their room join. Organisers only.`,
    shareImage: shareImages.site,
    indexable: false,
  },
  [routePaths.phoneFadeTest]: developerPage('Phone fade test'),
  [routePaths.testIntegration]: developerPage('Integration tests'),
  [routePaths.testValidation]: developerPage('Invite validation test'),
  [routePaths.testWebRegistration]: developerPage('Web registration test'),
};

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The <head> tags of one page: title, description, canonical address, Open Graph and the X card.
 * The canonical address has no query: `/join?code=…` is the same page as /join.
 */
export function pageHeadTags(pathname: RoutePath, origin: string = ORIGIN_PLACEHOLDER): string {
  const meta = pageMeta[pathname];
  const url = `${origin}${pathname}`;
  const shareTitle = meta.shareTitle ?? meta.title;
  const image = `${origin}${meta.shareImage.path}`;
  const tag = (kind: 'name' | 'property', key: string, value: string) =>
    `<meta ${kind}="${key}" content="${escapeAttribute(value)}">`;
  return [
    `<title>${escapeAttribute(meta.title)}</title>`,
    tag('name', 'description', meta.description),
    meta.indexable ? '' : tag('name', 'robots', 'noindex'),
    `<link rel="canonical" href="${escapeAttribute(url)}">`,
    tag('property', 'og:type', 'website'),
    tag('property', 'og:site_name', product),
    tag('property', 'og:locale', 'en_GB'),
    tag('property', 'og:url', url),
    tag('property', 'og:title', shareTitle),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:image', image),
    tag('property', 'og:image:type', 'image/png'),
    tag('property', 'og:image:width', String(SHARE_IMAGE_SIZE.width)),
    tag('property', 'og:image:height', String(SHARE_IMAGE_SIZE.height)),
    tag('property', 'og:image:alt', meta.shareImage.alt),
    tag('name', 'twitter:card', 'summary_large_image'),
    tag('name', 'twitter:title', shareTitle),
    tag('name', 'twitter:description', meta.description),
    tag('name', 'twitter:image', image),
    tag('name', 'twitter:image:alt', meta.shareImage.alt),
  ].join('');
}
