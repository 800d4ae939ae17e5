import { theme } from '../../src/shared/theme';
import { inlineSourceHashes, pageContentSecurityPolicy } from './contentSecurityPolicy';

/**
 * The few pages an operator sees before the console exists: the sign-in link's page, and /admin's
 * "signed in as" / "not signed in". Server-rendered, no script at all: a plain form posts, so they
 * work under the site's CSP (the one inline <style> is admitted by its hash) and without JavaScript.
 */

const { colors, fonts, radius } = theme;

// The site's own look: its paper, ink, accent and the two fonts the web app serves from /fonts.
const STYLE = `
@font-face{font-family:'Inter';font-weight:400 600;font-display:swap;src:url('/fonts/inter-variable.woff2') format('woff2')}
@font-face{font-family:'DM Serif Display';font-weight:400;font-display:swap;src:url('/fonts/dm-serif-display-400.woff2') format('woff2')}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:1.5rem;font-family:${fonts.body};line-height:1.6;color:${colors.ink};background:${colors.paper}}
main{max-width:30rem;width:100%;padding:2rem;background:${colors.paperRaised};border:1px solid ${colors.line};border-radius:${radius.large}}
h1{margin:0 0 1rem;font-family:${fonts.display};font-weight:400;font-size:2rem;line-height:1.15}
p{margin:0 0 1rem;color:${colors.inkSoft}}
code{font-size:.9em;overflow-wrap:anywhere}
form{margin:1.5rem 0 0}
button{font:inherit;font-size:max(1rem,16px);font-weight:600;padding:.75rem 1.5rem;border:0;border-radius:${radius.pill};color:#fff;background:${colors.accentStrong};cursor:pointer}
button:hover{background:${colors.ink}}
:focus-visible{outline:3px solid ${colors.focus};outline-offset:2px}
`.trim();

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML: every character that could open markup or end an attribute, escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

/** A page's markup from its parts; values go in through `escapeHtml` only. */
class Html {
  constructor(readonly markup: string) {}
}

/** A tagged template whose gaps are escaped, unless they are Html already. */
function html(fixed: TemplateStringsArray, ...values: (string | Html)[]): Html {
  return new Html(
    fixed.reduce((out, part, i) => {
      const value = values[i - 1];
      return out + (value instanceof Html ? value.markup : escapeHtml(value ?? '')) + part;
    }, ''),
  );
}

export interface OperatorPage {
  status: number;
  html: string;
  contentSecurityPolicy: string;
}

function page(status: number, title: string, body: Html): OperatorPage {
  const document = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title} · Becca</title>
        <style>
          ${new Html(STYLE)}
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html> `;
  // Hashed from the page as sent, so that its <style> is admitted byte for byte as it stands.
  const contentSecurityPolicy = pageContentSecurityPolicy(inlineSourceHashes(document.markup));
  return { status, html: document.markup, contentSecurityPolicy };
}

const newLinkHint = html`<p>
  Ask for a new one: <code>npm run --silent operators -- sign-in-link NAME</code> on the server prints a link
  that works once, for 15 minutes.
</p>`;

/** The sign-in link's page: one button, which posts back to this same address. Nothing is used up by showing it. */
export function signInPage(name: string): OperatorPage {
  return page(
    200,
    'Operator sign-in',
    html`<h1>Operator sign-in</h1>
      <p>This link signs one browser in, once.</p>
      <form method="post">
        <button type="submit">Sign in as ${name}</button>
      </form>`,
  );
}

export type RefusedLink = 'used' | 'expired' | 'unknown' | 'suspended';

const REFUSALS: Readonly<Record<RefusedLink, { status: number; sentence: string }>> = {
  used: { status: 410, sentence: 'This sign-in link has been used already: each link works once.' },
  expired: { status: 410, sentence: 'This sign-in link has expired: a link works for 15 minutes.' },
  unknown: { status: 404, sentence: 'This sign-in link is not valid (or its operator was removed).' },
  // An organiser whose community an operator suspended (issue 50): the link opens nothing.
  suspended: {
    status: 403,
    sentence: 'This community partnership is suspended: its sign-in links open nothing.',
  },
};

/** A link that cannot sign anyone in, and why. */
export function refusedLinkPage(why: RefusedLink): OperatorPage {
  const { status, sentence } = REFUSALS[why];
  return page(
    status,
    'Sign-in link refused',
    html`<h1>You are not signed in</h1>
      <p>${sentence}</p>
      ${newLinkHint}`,
  );
}

/** A sign-in posted from anywhere but the link's own page (another site's form). */
export function crossSiteSignInPage(): OperatorPage {
  return page(
    403,
    'Sign-in refused',
    html`<h1>You are not signed in</h1>
      <p>
        A sign-in is accepted only from the button on the link's own page. Open the link itself and press the
        button there.
      </p>`,
  );
}
