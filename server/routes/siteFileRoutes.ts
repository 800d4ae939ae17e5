import type { FastifyPluginAsync } from 'fastify';
import { brand } from '../../src/config/brand';
import { pageMeta } from '../../src/shared/pageMeta';
import type { RoutePath } from '../../src/shared/routePaths';

/** RFC 9116 asks for an expiry under a year away; each start moves it on (see securityTxt). */
const SECURITY_TXT_LIFETIME_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;
const CACHE_CONTROL = 'public, max-age=3600';

const pages = Object.entries(pageMeta) as [RoutePath, (typeof pageMeta)[RoutePath]][];

/**
 * RFC 9116's file. The contact comes from the brand module, like every address the site prints.
 * Expires counts from the day this server started: a deployment that keeps running keeps a file it
 * vouches for, and one left unattended for half a year says so. Whole days, so that every instance
 * started that day answers the same bytes.
 */
export function securityTxt(siteUrl: string, now = new Date()): string {
  const expires = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + SECURITY_TXT_LIFETIME_DAYS * DAY_MS);
  return [
    `Contact: mailto:${brand.securityEmail}`,
    `Expires: ${expires.toISOString()}`,
    'Preferred-Languages: en',
    `Canonical: ${siteUrl}/.well-known/security.txt`,
    '',
  ].join('\n');
}

/** The public pages, for search engines: the developer pages and the account are not among them. */
export function sitemapXml(siteUrl: string): string {
  const urls = pages
    .filter(([, meta]) => meta.indexable)
    .map(([pathname]) => `  <url><loc>${siteUrl}${pathname}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(siteUrl: string): string {
  const closed = pages.filter(([, meta]) => !meta.indexable).map(([pathname]) => `Disallow: ${pathname}`);
  return ['User-agent: *', 'Allow: /', ...closed, '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}

/** The site's files for crawlers and researchers, which name the site's own address (APP_URL). */
export const siteFileRoutes: FastifyPluginAsync<{ siteUrl: string }> = async (app, { siteUrl }) => {
  const files = [
    { url: '/.well-known/security.txt', type: 'text/plain; charset=utf-8', body: securityTxt(siteUrl) },
    { url: '/sitemap.xml', type: 'application/xml; charset=utf-8', body: sitemapXml(siteUrl) },
    { url: '/robots.txt', type: 'text/plain; charset=utf-8', body: robotsTxt(siteUrl) },
  ];
  for (const { url, type, body } of files) {
    app.get(url, (_request, reply) => reply.header('cache-control', CACHE_CONTROL).type(type).send(body));
  }
};
