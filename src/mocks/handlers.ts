import { http, HttpResponse } from 'msw';
import type { ErrorDetail } from '../domain/contracts/errors';
import type { InviteValidation } from '../domain/contracts/inviteCode';
import type { MemberInvitesAnswer } from '../domain/contracts/memberInvites';
import type { NominationThanks } from '../domain/contracts/nomination';
import type { Registered } from '../domain/contracts/registration';
import type { WaitlistJoined } from '../domain/contracts/waitlist';
import type { CommunityApplicationReceived } from '../domain/contracts/communityApplication';

/** Codes the stand-in server knows; anything else is unknown. */
export const mockInviteCodes = { valid: 'WELCOME234', expired: 'EXPIRED234' } as const;

/**
 * The API stand-ins of the jest tests (`setupServer` in __tests__/web/setupTests.ts).
 * They answer like the real server's happy path; tests override them per case with `server.use`.
 */
export const handlers = [
  http.get('*/health', () => HttpResponse.json({ status: 'ok' })),

  http.get('*/api/auth/validate-code/:code', ({ params }) => {
    const code = String(params.code).trim().toUpperCase();
    if (code === mockInviteCodes.valid)
      return HttpResponse.json<InviteValidation>({ valid: true, message: 'Invite code is valid' });
    if (code === mockInviteCodes.expired) {
      return HttpResponse.json<InviteValidation>({ valid: false, message: 'This invite code has expired' });
    }
    return HttpResponse.json<InviteValidation>({ valid: false, message: 'Invalid invite code' });
  }),

  http.post('*/api/auth/register', () =>
    HttpResponse.json<Registered>(
      {
        success: true,
        message: 'Welcome to Becca! Your registration is complete.',
        access_token: 'mock-access-token-0123456789abcdef',
        user_id: '00000000-0000-4000-8000-000000000001',
        whatsapp_url: 'https://wa.me/447700900123?text=Hi%20Becca!%20My%20code%20is%20MOCKCODE',
      },
      { status: 201 },
    ),
  ),

  http.post<never, never, NominationThanks | ErrorDetail>('*/api/nominate/friend', ({ request }) =>
    request.headers.get('authorization')?.startsWith('Bearer ')
      ? HttpResponse.json<NominationThanks>({ success: true, message: 'Thank you!' })
      : HttpResponse.json<ErrorDetail>({ detail: 'Please sign in to nominate a friend.' }, { status: 401 }),
  ),

  http.get<never, never, MemberInvitesAnswer | ErrorDetail>('*/api/me/invites', ({ request }) =>
    request.headers.get('authorization')?.startsWith('Bearer ')
      ? HttpResponse.json<MemberInvitesAnswer>({
          invites: ['MOCKINV234', 'MOCKINV345', 'MOCKINV456'].map((code, index) => ({
            code,
            status: index === 0 ? 'used' : 'unused',
            used: index === 0,
            share_url: `http://localhost:3000/join?code=${code}`,
          })),
          unlocked: true,
          whatsapp_url: null,
        })
      : HttpResponse.json<ErrorDetail>({ detail: 'Please sign in to see your invites.' }, { status: 401 }),
  ),

  // A visitor of /admin without an operator session (tests of the console sign in per case).
  http.get('*/api/admin/session', () =>
    HttpResponse.json({ detail: 'You are not signed in to the operator console.' }, { status: 401 }),
  ),

  http.post('*/api/waitlist/join', () =>
    HttpResponse.json<WaitlistJoined>({
      success: true,
      message: "You're on the waitlist. We'll text you when a place opens up.",
    }),
  ),

  http.post('*/api/community-applications', () =>
    HttpResponse.json<CommunityApplicationReceived>(
      {
        success: true,
        message: 'Thank you: we will read about your community and reply on WhatsApp within a few days.',
      },
      { status: 202 },
    ),
  ),

  // A visitor of /partner without an organiser's session.
  http.get('*/api/partner/*', () =>
    HttpResponse.json<ErrorDetail>(
      { detail: 'Sign in with the link we sent you on WhatsApp.' },
      { status: 401 },
    ),
  ),
];
