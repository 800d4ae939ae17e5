import type { InjectOptions } from 'fastify';
import type { CommunityApplicationList, OrganiserSignIn } from '../../src/domain/contracts/adminCommunities';
import { operatorSessionCookieName } from '../../server/operator/operatorSessionCookie';
import type { TestServer } from './testServer';

/** What the community partner tests share: the site's address, a browser's request, the organiser's cookie. */
export const APP_URL = 'https://becca.test';
export const ORGANISER_COOKIE = operatorSessionCookieName(APP_URL);
export const BROWSER = {
  remoteAddress: '203.0.113.9',
  headers: { host: 'becca.test', 'sec-fetch-site': 'same-origin' },
};

export interface Partner {
  session: string;
  community: string;
  organiser: string;
  phone: string;
}

/**
 * The calls a community partner test makes on `server()`: the operator's CLI-style admin call, pressing
 * a sign-in link's button as a browser does, an application approved with its organiser signed in,
 * and a request in an organiser's (or nobody's) browser session.
 */
export function partnerCalls(server: () => TestServer, adminToken: string) {
  const cli = (method: InjectOptions['method'], url: string, payload?: object) =>
    server().app.inject({
      method,
      url,
      remoteAddress: '127.0.0.1',
      headers: { host: 'localhost', authorization: `Bearer ${adminToken}`, 'becca-actor': 'ops@becca-1' },
      ...(payload ? { payload } : {}),
    });

  const pressSignIn = (url: string) =>
    server().app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      remoteAddress: BROWSER.remoteAddress,
      headers: { ...BROWSER.headers, 'content-type': 'application/x-www-form-urlencoded' },
    });

  /** The session a sign-in link opens (the test fails unless the press is answered 303 with a cookie). */
  async function signIn(url: string): Promise<string> {
    const pressed = await pressSignIn(url);
    expect(pressed.statusCode).toBe(303);
    return new RegExp(`^${ORGANISER_COOKIE}=([A-Za-z0-9_-]{43});`).exec(
      String(pressed.headers['set-cookie']),
    )![1]!;
  }

  /** Community `n`'s application, approved with `quota` places, its organiser signed in. */
  async function approvedPartner(n: number, organiser_name: string, quota: number): Promise<Partner> {
    const community_name = `Community ${n}`;
    const phone = `07911 1400${n}0`;
    await server().app.inject({
      method: 'POST',
      url: '/api/community-applications',
      payload: {
        organiser_name,
        community_name,
        about: 'A monthly breakfast for people building companies in east London.',
        city: 'London',
        expected_size: 40,
        contact_phone: phone,
      },
    });
    const rows = (await cli('GET', '/api/admin/community-applications')).json<CommunityApplicationList>();
    const id = rows.community_applications.find((row) => row.community_name === community_name)!.id;
    const approved = (
      await cli('POST', `/api/admin/community-applications/${id}/approval`, { quota })
    ).json<OrganiserSignIn>();
    return {
      session: await signIn(approved.sign_in_url),
      community: approved.community_id,
      organiser: approved.organiser,
      phone,
    };
  }

  const as = (
    who: { session: string } | undefined,
    method: InjectOptions['method'],
    url: string,
    options: { payload?: object; headers?: Record<string, string> } = {},
  ) =>
    server().app.inject({
      method,
      url,
      remoteAddress: BROWSER.remoteAddress,
      headers: {
        ...BROWSER.headers,
        ...(who ? { cookie: `${ORGANISER_COOKIE}=${who.session}` } : {}),
        ...options.headers,
      },
      ...(options.payload ? { payload: options.payload } : {}),
    });

  return { cli, pressSignIn, signIn, approvedPartner, as };
}
