import styled from '@emotion/styled';

/** The command an operator runs on the server to get a one-time sign-in link. */
export const SIGN_IN_LINK_COMMAND = 'npm run operators -- sign-in-link NAME';

const Command = styled.pre`
  margin: 1rem 0;
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.night};
  color: ${({ theme }) => theme.colors.paper};
  font-size: 0.95rem;
  /* Wrapped rather than scrolled, so a phone shows all of it without a scrolling box. */
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

/** How to get in: there is no password; the server prints a link for a named operator. */
export function SignInHelp() {
  return (
    <>
      <p>
        The console has no password. To sign in, run this on the server, with your operator name for NAME:
      </p>
      <Command>
        <code>{SIGN_IN_LINK_COMMAND}</code>
      </Command>
      <p>
        It prints a link that works once, for 15 minutes. Open it in this browser and press the button it
        shows: you land on the overview, signed in.
      </p>
      <p>
        No operator name yet? Someone with access to the server adds one with{' '}
        <code>npm run operators -- add NAME</code>.
      </p>
    </>
  );
}
