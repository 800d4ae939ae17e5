import { useCallback, useState } from 'react';
import { canValidateLive, type InviteCodeStatus } from '../../domain/inviteCode';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { useDebouncedValue } from '../../shared/useDebouncedValue';
import { useLazyValidateCodeQuery, useValidateCodeQuery } from './inviteApi';
import { INVALID_INVITE_CODE, validationErrorMessage } from './inviteMessages';
import { codeChanged, selectInviteCode } from './inviteSlice';

/**
 * The invite code's live check. While the person types the status is idle; once the code has at
 * least 3 characters and typing pauses for `debounceMs` (300 ms in the overlay, 500 ms on the
 * validation test page), RTK Query asks the server. Its answer belongs to the code it was asked
 * for, so an answer for an older code is never shown for a newer one.
 */
export function useInviteCodeValidation({ debounceMs }: { debounceMs: number }) {
  const dispatch = useAppDispatch();
  const code = useAppSelector(selectInviteCode);
  const debouncedCode = useDebouncedValue(code, debounceMs);
  // A code checked on demand (Continue) is shown at once, without waiting for the debounce.
  const [checkedNow, setCheckedNow] = useState<string | null>(null);
  const settled = code === debouncedCode || code === checkedNow;
  const skip = !settled || !(canValidateLive(code) || code === checkedNow);

  const { currentData, error, isFetching } = useValidateCodeQuery(code.trim(), {
    skip,
    // Each check must reach the server: a code can be revoked or used up between two checks.
    refetchOnMountOrArgChange: true,
  });
  const [checkCode] = useLazyValidateCodeQuery();

  let status: InviteCodeStatus = 'idle';
  if (!skip && isFetching) status = 'validating';
  else if (!skip && currentData) status = currentData.valid ? 'valid' : 'invalid';
  const message =
    status === 'valid' || status === 'invalid'
      ? currentData?.message || (status === 'invalid' ? INVALID_INVITE_CODE : '')
      : null;
  const errorText = !skip && !isFetching && error ? validationErrorMessage(error) : null;

  /** Asks the server now; resolves to whether the code is valid (false also when it could not tell). */
  const validateNow = useCallback(
    async (candidate: string): Promise<boolean> => {
      const trimmed = candidate.trim();
      if (!trimmed) return false;
      setCheckedNow(candidate);
      try {
        return (await checkCode(trimmed).unwrap()).valid;
      } catch {
        return false;
      }
    },
    [checkCode],
  );

  const setCode = useCallback((next: string) => dispatch(codeChanged(next)), [dispatch]);

  return {
    code,
    status,
    message,
    error: errorText,
    isValidating: status === 'validating',
    setCode,
    validateNow,
  };
}
