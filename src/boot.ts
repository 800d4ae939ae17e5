/**
 * The only script in the HTML, written inline by the build so that it costs no request of its own.
 * A prerendered page is already complete without JavaScript, so the app's code is fetched once the
 * page has loaded and never competes with the first paint; an empty shell (the app-only routes)
 * needs it at once.
 */
const scriptList = document.getElementById('app-scripts')?.textContent ?? '[]';
const sources = JSON.parse(scriptList) as string[];

function loadApp() {
  for (const src of sources) {
    const script = document.createElement('script');
    script.src = src;
    // Dynamically inserted scripts are async by default; the runtime must run before the bundles.
    script.async = false;
    document.head.appendChild(script);
  }
}

/**
 * After the page has loaded and painted, plus a short grace period: the text and fonts reach the
 * screen before any of the app's bytes are requested, and the bundles then arrive in idle time.
 * A person reading the page loses nothing; controls respond a fraction of a second later.
 */
const GRACE_MS = 300;

function loadAppAfterFirstPaint() {
  const whenIdle = (run: () => void) =>
    'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 1500 }) : setTimeout(run, 0);
  requestAnimationFrame(() =>
    setTimeout(
      () =>
        whenIdle(() => {
          linkManifest();
          loadApp();
        }),
      GRACE_MS,
    ),
  );
}

/**
 * The web manifest, linked at the same moment: Chrome fetches a linked manifest as soon as the
 * document is parsed, where it would share the network with the two fonts of the first paint.
 * Credentialed, so that it is fetched on the page's own connections (a manifest is fetched in CORS
 * mode, without credentials unless asked, which puts it on a separate socket pool).
 */
function linkManifest() {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/manifest.webmanifest';
  link.crossOrigin = 'use-credentials';
  document.head.appendChild(link);
}

const prerendered = document.getElementById('root')?.hasChildNodes() ?? false;
if (!prerendered) {
  linkManifest();
  loadApp();
} else if (document.readyState === 'complete') loadAppAfterFirstPaint();
else window.addEventListener('load', loadAppAfterFirstPaint, { once: true });
