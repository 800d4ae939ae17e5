import { useCallback, useState } from 'react';
import { api, apiErrorDetail, apiErrorStatus } from '../../shared/api';
import { useAppDispatch } from '../../shared/hooks';
import { toWebRegistrationPayload } from '../../domain/registration';
import { useJoinWaitlistMutation, useLazyValidateCodeQuery } from '../../features/invite/inviteApi';
import {
  useNominateFriendMutation,
  useRegisterLegacyMutation,
  useRegisterMutation,
} from '../../features/registration/registrationApi';
import { generateSamplePhoto, generateTestPhone } from './samplePhoto';
import { sampleDraft, sampleNetworkEntries } from './sampleRegistration';

export interface CheckResult {
  name: string;
  passed: boolean;
  detail: string;
  durationMs: number;
}

const isNetworkError = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 'FETCH_ERROR';

/** The server's sentence, else "HTTP error! Status: 503" when it answered, else `fallback`. */
function explain(error: unknown, fallback: string): string {
  const status = apiErrorStatus(error);
  return apiErrorDetail(error, status === undefined ? fallback : `HTTP error! Status: ${status}`);
}

function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

const OCCUPATION = 'Integration test account checking the registration flow end to end';

/**
 * The developer harness: each call of the API through the app's own RTK Query endpoints,
 * against whatever server this page is served from, with fresh test data each run.
 */
export function useIntegrationChecks() {
  const dispatch = useAppDispatch();
  const [validateCode] = useLazyValidateCodeQuery();
  const [joinWaitlist] = useJoinWaitlistMutation();
  const [register] = useRegisterMutation();
  const [registerLegacy] = useRegisterLegacyMutation();
  const [nominateFriend] = useNominateFriendMutation();
  const [results, setResults] = useState<CheckResult[]>([]);
  const [running, setRunning] = useState(false);

  const run = useCallback(
    async (inviteCode: string) => {
      setRunning(true);
      setResults([]);
      const suffix = uniqueSuffix();
      let accessToken = '';
      const check = async (name: string, body: () => Promise<string>) => {
        const started = performance.now();
        let outcome: Omit<CheckResult, 'durationMs' | 'name'>;
        try {
          outcome = { passed: true, detail: await body() };
        } catch (error) {
          outcome = { passed: false, detail: error instanceof Error ? error.message : String(error) };
        }
        const result = { name, ...outcome, durationMs: Math.round(performance.now() - started) };
        setResults((previous) => [...previous, result]);
      };
      const fail = (prefix: string, error: unknown): never => {
        throw new Error(`${prefix}${explain(error, 'the request failed')}`);
      };

      await check('Health check', async () => {
        const answer = await dispatch(
          api.endpoints.health.initiate(undefined, { forceRefetch: true, subscribe: false }),
        ).unwrap();
        if (!answer?.status) throw new Error('Health check failed - no status returned');
        return `status: ${answer.status}`;
      });
      await check('Invite code validation', async () => {
        try {
          const answer = await validateCode(inviteCode.trim()).unwrap();
          return `valid: ${answer.valid} (${answer.message})`;
        } catch (error) {
          // A network error is re-raised; any other error says nothing about the API being up.
          if (isNetworkError(error)) {
            throw new Error('Invite validation failed: the network request failed', { cause: error });
          }
          return `answered with an error: ${explain(error, 'unknown')}`;
        }
      });
      await check('Waitlist (phone)', async () => {
        const answer = await joinWaitlist({ phone_number: generateTestPhone(), name: `Test ${suffix}` })
          .unwrap()
          .catch((error: unknown) => fail('Waitlist join failed: ', error));
        return answer.message;
      });
      await check('Waitlist (email)', async () => {
        const answer = await joinWaitlist({ email: `test-${suffix}@example.com` })
          .unwrap()
          .catch((error: unknown) => fail('Waitlist join failed: ', error));
        return answer.message;
      });
      await check('Web registration', async () => {
        const draft = sampleDraft({
          firstName: 'Web',
          lastName: `Test ${suffix}`,
          age: '30',
          occupation: OCCUPATION,
        });
        const entries = [{ ...sampleNetworkEntries[0]!, group: 'Test Club' }];
        const payload = toWebRegistrationPayload(draft, entries, inviteCode);
        const answer = await register({ payload, photos: [await generateSamplePhoto()] })
          .unwrap()
          .catch((error: unknown) => fail('Registration failed: ', error));
        accessToken = answer.access_token;
        return `user ${answer.user_id}`;
      });
      await check('Older multipart registration', async () => {
        const fields = {
          firstName: 'Legacy',
          lastName: `Test ${suffix}`,
          age: '31',
          location: 'Manchester',
          phone: generateTestPhone(),
          occupation: OCCUPATION,
          whoIKnow: JSON.stringify([{ id: 1, group: 'Test Society', location: 'Manchester' }]),
          invite_code: inviteCode,
        };
        const answer = await registerLegacy({ fields, photo: await generateSamplePhoto() })
          .unwrap()
          .catch((error: unknown) => fail('Registration failed: ', error));
        if (!answer.user_id) throw new Error('Registration failed: no user_id in the answer');
        return `user ${answer.user_id}`;
      });
      await check('Friend nomination', async () => {
        // As the web registration's new member: registering kept their key, which every call now sends.
        if (!accessToken) throw new Error('Friend nomination failed: no access token from the registration');
        const answer = await nominateFriend({
          firstName: 'Nominee',
          lastName: suffix,
          instagram: '@nominee_test',
          phone: generateTestPhone(),
        })
          .unwrap()
          .catch((error: unknown) => fail('Friend nomination failed: ', error));
        return answer.message;
      });
      setRunning(false);
    },
    [dispatch, validateCode, joinWaitlist, register, registerLegacy, nominateFriend],
  );

  return { run, running, results };
}
