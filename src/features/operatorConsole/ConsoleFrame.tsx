import styled from '@emotion/styled';
import { useState, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { PrimaryButton, TextButton } from '../../components/Button';
import { DocumentTitle } from '../../components/DocumentTitle';
import { Logo } from '../../components/Logo';
import { SkipLink } from '../../components/SkipLink';
import { brand } from '../../config/brand';
import { api, apiErrorDetail } from '../../shared/api';
import { useAppDispatch } from '../../shared/hooks';
import { routePaths } from '../../shared/routePaths';
import { SCREEN_HEADING, useFocusScreenHeading } from '../../shared/useFocusScreenHeading';
import { useSignOutOperatorMutation } from './operatorConsoleApi';
import { SignInHelp } from './SignInHelp';
import { useConsoleSession } from './useConsoleSession';
import { TWO_SESSION_COOKIES_DETAIL } from '../../domain/operatorSession';

/** Served by the server (server/routes/adminReferenceRoutes.ts), not a route of the web app. */
const ADMIN_API_DOCS_PATH = '/api/admin/docs';

/**
 * The console is a desktop tool of wide tables: it takes a desktop screen's width (the site's
 * reading width would cut the audit log short at 1280 px), up to about 1400 px of content.
 */
const CONSOLE_WIDTH = '88rem';
const CONSOLE_GUTTER = 'clamp(1rem, 2.5vw, 2rem)';

const TopBar = styled.header`
  border-bottom: 1px solid ${({ theme }) => theme.colors.line};
  background: ${({ theme }) => theme.colors.paperRaised};
`;

const TopBarInner = styled.div`
  max-width: ${CONSOLE_WIDTH};
  margin: 0 auto;
  padding: 0.75rem ${CONSOLE_GUTTER};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1.5rem;
`;

const ConsoleName = styled.span`
  color: ${({ theme }) => theme.colors.inkSoft};
  font-weight: 600;
`;

const Operator = styled.div`
  margin-left: auto;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0 0.5rem;
  color: ${({ theme }) => theme.colors.inkSoft};
  strong {
    color: ${({ theme }) => theme.colors.ink};
    overflow-wrap: anywhere;
  }
`;

const Sections = styled.nav`
  max-width: ${CONSOLE_WIDTH};
  margin: 0 auto;
  padding: 0 ${CONSOLE_GUTTER};
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 0 1.5rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    display: inline-block;
    padding: 0.6rem 0;
    color: ${({ theme }) => theme.colors.inkSoft};
    text-decoration: none;
    border-bottom: 3px solid transparent;
  }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.ink};
    font-weight: 600;
    border-bottom-color: ${({ theme }) => theme.colors.accent};
  }
`;

const Main = styled.main`
  max-width: ${CONSOLE_WIDTH};
  margin: 0 auto;
  padding: 1.5rem ${CONSOLE_GUTTER} 4rem;
  min-height: 60vh;
  h1 {
    margin: 0.5rem 0 1rem;
    font-size: clamp(2rem, 5vw, 2.75rem);
  }
`;

/** Text that is read but not part of the console's own sections. */
const Narrow = styled.div`
  max-width: ${({ theme }) => theme.readingWidth};
`;

/** The console's sections, each a page of its own under /admin. */
const sections = [
  { to: routePaths.admin, label: 'Overview' },
  { to: routePaths.adminCodes, label: 'Invite codes' },
  { to: routePaths.adminWaitlist, label: 'Waitlist' },
  { to: routePaths.adminMembers, label: 'Members' },
  { to: routePaths.adminCommunities, label: 'Communities' },
  { to: routePaths.adminWebhooks, label: 'Webhooks' },
  { to: routePaths.adminAudit, label: 'Audit log' },
] as const;

/**
 * The screen's name for moving focus: the check of the session and the first screen after it are
 * still the page loading, where focus stays where the browser put it; a later change (the session
 * ending, signing out) moves it to the new heading.
 */
function useScreenAfterLoad(state: string): string {
  const [firstShown, setFirstShown] = useState<string | null>(null);
  // Remembered while rendering (React's pattern for state that follows a value), not in an effect.
  if (firstShown === null && state !== 'checking') setFirstShown(state);
  return state === 'checking' || state === (firstShown ?? state) ? 'loading' : state;
}

function Screen({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Narrow>
      <h1 tabIndex={-1} {...SCREEN_HEADING}>
        {heading}
      </h1>
      {children}
    </Narrow>
  );
}

function SignOut({ onSignedOut }: { onSignedOut: () => void }) {
  const [signOut, { isLoading, isError, error }] = useSignOutOperatorMutation();
  const dispatch = useAppDispatch();
  const press = async () => {
    const done = await signOut()
      .unwrap()
      .then(() => true)
      .catch(() => false);
    if (!done) return;
    onSignedOut();
    // Nothing the console fetched stays in this tab's memory once the operator has left.
    dispatch(api.util.resetApiState());
  };
  return (
    <>
      <TextButton type="button" onClick={() => void press()} disabled={isLoading}>
        {isLoading ? 'Signing out…' : 'Sign out'}
      </TextButton>
      {isError && (
        <span role="alert" css={{ width: '100%' }}>
          {apiErrorDetail(error, 'Signing out failed. Please try again.')}
        </span>
      )}
    </>
  );
}

/**
 * The frame of every console page: who is signed in, the sections and Sign out around `children`,
 * which appear only to a signed-in operator. Without a session (never signed in, signed out, or a
 * session that ended under the page) it says how to get a sign-in link instead.
 */
export function ConsoleFrame({ title, children }: { title: string; children: ReactNode }) {
  const session = useConsoleSession();
  const [signedOut, setSignedOut] = useState(false);
  const state = signedOut ? 'signedOutNow' : session.state;
  useFocusScreenHeading(useScreenAfterLoad(state));

  let content: ReactNode;
  if (state === 'signedOutNow') {
    content = (
      <Screen heading="You have signed out">
        <p role="status">This browser no longer has a session for the console.</p>
        <SignInHelp />
      </Screen>
    );
  } else if (session.state === 'ended') {
    content = (
      <Screen heading="Your session has ended">
        <p role="alert">
          Your session has ended — get a new sign-in link. Sessions end after 12 hours without use, or when
          the operator name {session.name} is removed.
        </p>
        <SignInHelp />
      </Screen>
    );
  } else if (session.state === 'twoCookies') {
    content = (
      <Screen heading="Signed out: two session cookies">
        <p role="alert">{TWO_SESSION_COOKIES_DETAIL}</p>
        <SignInHelp />
      </Screen>
    );
  } else if (session.state === 'signedOut') {
    content = (
      <Screen heading="Sign in to the operator console">
        <SignInHelp />
      </Screen>
    );
  } else if (session.state === 'unreachable') {
    content = (
      <Screen heading="Operator console">
        <p role="alert">{session.detail}</p>
        <PrimaryButton type="button" onClick={session.retry}>
          Try again
        </PrimaryButton>
      </Screen>
    );
  } else if (session.state === 'checking') {
    content = (
      <Screen heading="Operator console">
        <p role="status" aria-busy="true">
          Checking your sign-in…
        </p>
      </Screen>
    );
  } else {
    content = children;
  }

  const signedInAs = !signedOut && session.state === 'signedIn' ? session : null;
  return (
    <>
      <DocumentTitle>{`${signedInAs ? `${title} · ` : ''}Operator console · ${brand.productName}`}</DocumentTitle>
      <SkipLink href="#main">Skip to content</SkipLink>
      <TopBar>
        <TopBarInner>
          <Logo />
          <ConsoleName>Operator console</ConsoleName>
          {signedInAs && (
            <Operator>
              <span>
                Signed in as <strong>{signedInAs.name}</strong> ({signedInAs.role})
              </span>
              <SignOut onSignedOut={() => setSignedOut(true)} />
            </Operator>
          )}
        </TopBarInner>
        {signedInAs && (
          <Sections aria-label="Console">
            <ul>
              {sections.map((section) => (
                <li key={section.to}>
                  <NavLink to={section.to} end>
                    {section.label}
                  </NavLink>
                </li>
              ))}
              <li>
                {/* The admin API's own document, rendered by Swagger UI: a server page for operators only. */}
                <a href={ADMIN_API_DOCS_PATH}>Admin API</a>
              </li>
            </ul>
          </Sections>
        )}
      </TopBar>
      <Main id="main">{content}</Main>
    </>
  );
}
