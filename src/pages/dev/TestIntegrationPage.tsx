import styled from '@emotion/styled';
import { useState, type FormEvent } from 'react';
import { PrimaryButton } from '../../components/Button';
import { PageLayout } from '../../components/PageLayout';
import { TextField } from '../../components/TextField';
import { limits } from '../../domain/limits';
import { useIntegrationChecks } from './useIntegrationChecks';
import { DocumentTitle } from '../../components/DocumentTitle';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  margin-top: 1rem;
  th,
  td {
    text-align: left;
    padding: 0.45rem 0.5rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.line};
    vertical-align: top;
  }
`;

/** Developer page: runs every API call against this server, behind a click so nobody stumbles into it. */
export default function TestIntegrationPage() {
  const [shown, setShown] = useState(false);
  const [inviteCode, setInviteCode] = useState('');
  const { run, running, results } = useIntegrationChecks();
  const passed = results.filter((result) => result.passed).length;
  const failed = results.length - passed;
  const percentage = results.length ? Math.round((passed / results.length) * 100) : 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!running) void run(inviteCode);
  };

  return (
    <PageLayout>
      <DocumentTitle>Integration tests · Becca</DocumentTitle>
      <h1>API integration tests</h1>
      {!shown ? (
        <>
          <p>This page calls the real API and creates test registrations. It is meant for developers.</p>
          <PrimaryButton type="button" onClick={() => setShown(true)}>
            Show Anyway (Dev Only)
          </PrimaryButton>
        </>
      ) : (
        <>
          <form onSubmit={submit} css={{ display: 'grid', gap: '0.5rem', maxWidth: '24rem' }}>
            <TextField
              label="Invite code for the registration tests"
              maxLength={limits.inviteCode.maxLength}
              autoComplete="off"
              value={inviteCode}
              onChange={(event) => setInviteCode(event.target.value)}
            />
            <PrimaryButton type="submit" disabled={running || !inviteCode.trim()}>
              {running ? 'Running…' : 'Run tests'}
            </PrimaryButton>
          </form>
          <p role="status" aria-live="polite">
            {running
              ? `Running… ${results.length} done`
              : results.length
                ? `Passed: ${passed} · Failed: ${failed} · Success: ${percentage}%`
                : ''}
          </p>
          {results.length > 0 && (
            <Table>
              <caption css={{ textAlign: 'left', fontWeight: 600 }}>Results</caption>
              <thead>
                <tr>
                  <th scope="col">Test</th>
                  <th scope="col">Result</th>
                  <th scope="col">Duration</th>
                  <th scope="col">Detail</th>
                </tr>
              </thead>
              <tbody>
                {results.map((result) => (
                  <tr key={result.name}>
                    <td>{result.name}</td>
                    <td>{result.passed ? '✅ passed' : '❌ failed'}</td>
                    <td>{result.durationMs} ms</td>
                    <td>{result.detail}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </>
      )}
    </PageLayout>
  );
}
