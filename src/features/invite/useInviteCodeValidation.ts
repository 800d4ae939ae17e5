import { useCallback, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { canValidateLive } from '../../domain/inviteCode';
import { useLazyValidateCodeQuery } from './inviteApi';
import { INVALID_INVITE_CODE, validationErrorMessage } from './inviteMessages';
import {
  codeChanged,
  selectInviteCode,
  selectInviteError,
  selectInviteMessage,
  selectInviteStatus,
  selectIsValidating,
  validationAnswered,
  validationFailed,
  validationStarted,
} from './inviteSlice';

/**
 * The invite code's live check. Changing the code resets the status to idle; once it has at least
 * 3 characters and typing pauses for `debounceMs`, the server is asked. Spec §5 debounces by 300 ms in
 * the overlay and 500 ms on the validation test page.
 */
export function useInviteCodeValidation({ debounceMs }: { debounceMs: number }) {
  const dispatch = useAppDispatch();
  const code = useAppSelector(selectInviteCode);
  const status = useAppSelector(selectInviteStatus);
  const message = useAppSelector(selectInviteMessage);
  const error = useAppSelector(selectInviteError);
  const isValidating = useAppSelector(selectIsValidating);
  const [checkCode] = useLazyValidateCodeQuery();

  /** Asks the server now; resolves to whether the code is valid (false also when it could not tell). */
  const validateNow = useCallback(
    async (candidate: string): Promise<boolean> => {
      const trimmed = candidate.trim();
      if (!trimmed) return false;
      dispatch(validationStarted(candidate));
      try {
        const answer = await checkCode(trimmed).unwrap();
        const answerMessage = answer.message || (answer.valid ? '' : INVALID_INVITE_CODE);
        dispatch(validationAnswered({ code: candidate, valid: answer.valid, message: answerMessage }));
        return answer.valid;
      } catch (failure) {
        dispatch(validationFailed({ code: candidate, error: validationErrorMessage(failure) }));
        return false;
      }
    },
    [checkCode, dispatch],
  );

  useEffect(() => {
    if (status !== 'idle' || error || !canValidateLive(code)) return;
    const timer = setTimeout(() => void validateNow(code), debounceMs);
    return () => clearTimeout(timer);
  }, [code, status, error, debounceMs, validateNow]);

  const setCode = useCallback((next: string) => dispatch(codeChanged(next)), [dispatch]);

  return { code, status, message, error, isValidating, setCode, validateNow };
}
