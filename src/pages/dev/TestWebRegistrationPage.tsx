import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { PageLayout } from '../../components/PageLayout';
import type { RegistrationForm, WebRegistrationPayload } from '../../domain/registration';
import { toWebRegistrationPayload } from '../../domain/registration';
import { generateSamplePhoto, generateTestPhone } from './samplePhoto';

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

function sampleForm(): RegistrationForm {
  return {
    firstName: 'Test',
    lastName: 'User',
    age: '29',
    location: 'London',
    phone: generateTestPhone(),
    occupation: 'Product designer building tools for community organisers',
    whoIKnow: [
      {
        id: 'g1',
        group: 'Hackney Runners',
        location: 'London',
        x: 50,
        y: 14,
        avatarSeed: 'g1',
        isPart2Entry: false,
      },
      {
        id: 'p1',
        group: 'Sam Carter',
        location: 'Bristol',
        x: 81,
        y: 68,
        avatarSeed: 'p1',
        isPart2Entry: true,
      },
    ],
    lookingFor: ['Friendship'],
    interests: ['Long walks with friends and very good coffee on Sundays'],
  };
}

/** Spec §5 "Test-page expectations". */
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
      const payload = toWebRegistrationPayload(sampleForm(), 'SAMPLE234');
      setResult({ payload, checks: checkPayload(payload), photo });
    });
  }, []);

  const passed = result?.checks.filter((check) => check.passed).length ?? 0;
  return (
    <PageLayout>
      <title>Web registration test · Becca</title>
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
          <pre css={{ overflowX: 'auto', background: '#fff', padding: '1rem' }} aria-label="Payload JSON">
            {JSON.stringify(result.payload, null, 2)}
          </pre>
        </>
      )}
    </PageLayout>
  );
}
