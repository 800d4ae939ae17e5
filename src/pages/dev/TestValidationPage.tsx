import styled from '@emotion/styled';
import { PageLayout } from '../../components/PageLayout';
import { TextField } from '../../components/TextField';
import { limits } from '../../domain/limits';
import { useInviteCodeValidation } from '../../features/invite/useInviteCodeValidation';
import { DocumentTitle } from '../../components/DocumentTitle';

/** The second place that validates codes debounces by 500 ms (the overlay by 300 ms). */
const TEST_PAGE_DEBOUNCE_MS = 500;

const States = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.35rem 1rem;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    font-family: ui-monospace, Menlo, monospace;
  }
`;

/** Developer page: the invite-code validation states, live, through the overlay's own hook and the real API. */
export default function TestValidationPage() {
  const { code, status, message, error, isValidating, setCode } = useInviteCodeValidation({
    debounceMs: TEST_PAGE_DEBOUNCE_MS,
  });
  return (
    <PageLayout>
      <DocumentTitle>Invite validation test · Becca</DocumentTitle>
      <h1>Invite code validation</h1>
      <p>
        Type a code: the check starts at 3 characters, 500 ms after you stop typing, against the real server.
      </p>
      <TextField
        label="Invite code"
        maxLength={limits.inviteCode.maxLength}
        autoComplete="off"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <States aria-label="Validation state" aria-live="polite">
        <dt>Status</dt>
        <dd data-testid="validation-status">{status}</dd>
        <dt>Is validating</dt>
        <dd>{String(isValidating)}</dd>
        <dt>Message</dt>
        <dd>{message ?? '–'}</dd>
        <dt>Error</dt>
        <dd>{error ?? '–'}</dd>
      </States>
    </PageLayout>
  );
}
