import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { PageLayout } from '../../components/PageLayout';
import { toWebRegistrationPayload } from '../../domain/registration';
import { type WebRegistrationPayload } from '../../domain/contracts/registration';
import { generateSamplePhoto } from './samplePhoto';
import { sampleDraft, sampleNetworkEntries } from './sampleRegistration';
import { DocumentTitle } from '../../components/DocumentTitle';

const REQUIRED_FIELDS = [
  'first_name',
  'last_name',
  'age',
  'location',
  'phone',
  'occupation',
  'who_i_know_groups',
  'who_i_know_people',
] as const;

interface Check {
  name: string;
  passed: boolean;
}

/** What the server's schema needs of the conversion: a numeric age, a list of groups, every field present. */
function checkPayload(payload: WebRegistrationPayload): Check[] {
  return [
    {
      name: 'age converted to a number',
      passed: typeof payload.age === 'number' && Number.isInteger(payload.age),
    },
    { name: 'the group list is a list', passed: Array.isArray(payload.who_i_know_groups) },
    ...REQUIRED_FIELDS.map((field) => ({ name: `${field} present`, passed: payload[field] !== undefined })),
  ];
}

const Results = styled.ul`
  list-style: none;
  padding: 0;
  li {
    padding: 0.35rem 0;
  }
`;

/** Developer page: builds a sample registration, converts it with the shared conversion and checks the result. */
export default function TestWebRegistrationPage() {
  const [result, setResult] = useState<{
    payload: WebRegistrationPayload;
    checks: Check[];
    photo: Blob;
  } | null>(null);

  useEffect(() => {
    void generateSamplePhoto().then((photo) => {
      const payload = toWebRegistrationPayload(sampleDraft(), sampleNetworkEntries, 'SAMPLE234');
      setResult({ payload, checks: checkPayload(payload), photo });
    });
  }, []);

  const passed = result?.checks.filter((check) => check.passed).length ?? 0;
  return (
    <PageLayout>
      <DocumentTitle>Web registration test · Becca</DocumentTitle>
      <h1>Web registration payload</h1>
      {!result ? (
        <p role="status">Building a sample registration…</p>
      ) : (
        <>
          <p role="status">
            {passed} of {result.checks.length} checks passed · sample photo {result.photo.type},{' '}
            {result.photo.size} bytes
          </p>
          <Results aria-label="Checks">
            {result.checks.map((check) => (
              <li key={check.name}>
                {check.passed ? '✅ PASS' : '❌ FAIL'} {check.name}
              </li>
            ))}
          </Results>
          <h2>Payload</h2>
          {/* It scrolls sideways, so it takes focus (the keyboard scrolls it) and names itself as a region. */}
          <pre
            css={{ overflowX: 'auto', background: '#fff', padding: '1rem' }}
            tabIndex={0}
            role="region"
            aria-label="Payload JSON"
          >
            {JSON.stringify(result.payload, null, 2)}
          </pre>
        </>
      )}
    </PageLayout>
  );
}
