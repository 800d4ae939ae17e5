import styled from '@emotion/styled';
import { useId, useRef, useState, type FormEvent } from 'react';
import { PrimaryButton } from '../../components/Button';
import { TextAreaField } from '../../components/TextAreaField';
import { TextField } from '../../components/TextField';
import {
  checkCommunityApplication,
  COMMUNITY_APPLICATION_LABELS as LABELS,
  communityApplicationFieldError,
  type CommunityApplicationField,
} from '../../domain/communityApplication';
import { limits } from '../../domain/limits';
import { apiErrorDetail } from '../../shared/api';
import { useApplyAsCommunityMutation } from './communityPartnerApi';

const APPLY_FAILED = 'We could not send your application. Please try again.';
const { community } = limits;

const Form = styled.form`
  display: grid;
  gap: 0.75rem;
  max-width: 36rem;
`;

const AboutField = styled(TextAreaField)`
  textarea {
    min-height: 7rem;
  }
  p {
    margin: 0;
    min-height: 1.4em;
    font-size: 0.95rem;
  }
`;

type Draft = Record<CommunityApplicationField, string>;
const EMPTY: Draft = {
  organiser_name: '',
  community_name: '',
  about: '',
  city: '',
  expected_size: '',
  contact_phone: '',
};

const HINTS: Partial<Record<CommunityApplicationField, string>> = {
  contact_phone: 'We reply on WhatsApp. UK numbers can start with 0.',
  expected_size: 'Roughly how many people come to one of your events.',
};

/**
 * "Partner with Becca": an organiser tells us about their community. Each field's message sits in
 * the field's own live region; on a refused submit the first field at fault takes the focus.
 */
export function CommunityApplicationForm() {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<CommunityApplicationField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [received, setReceived] = useState<string | null>(null);
  const [apply, { isLoading }] = useApplyAsCommunityMutation();
  const form = useRef<HTMLFormElement>(null);
  const aboutId = useId();

  const change = (field: CommunityApplicationField) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFailure(null);
  };
  const check = (field: CommunityApplicationField) => () => {
    if (draft[field] === '') return;
    setErrors((current) => ({ ...current, [field]: communityApplicationFieldError(field, draft[field]) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const size = draft.expected_size.trim() === '' ? Number.NaN : Number(draft.expected_size);
    const checked = checkCommunityApplication({ ...draft, expected_size: size });
    if (!checked.ok) {
      setErrors({ [checked.field]: checked.message });
      form.current?.querySelector<HTMLElement>(`[name="${checked.field}"]`)?.focus();
      return;
    }
    try {
      const answer = await apply(checked.application).unwrap();
      setReceived(answer.message);
    } catch (error) {
      setFailure(apiErrorDetail(error, APPLY_FAILED));
    }
  };

  if (received) {
    return (
      <p role="status" css={{ fontSize: '1.15rem' }}>
        {received}
      </p>
    );
  }

  const field = (name: CommunityApplicationField, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={LABELS[name]}
      name={name}
      value={draft[name]}
      onChange={(event) => change(name)(event.target.value)}
      onBlur={check(name)}
      message={errors[name] ?? HINTS[name] ?? null}
      tone={errors[name] ? 'error' : 'neutral'}
      invalid={Boolean(errors[name])}
      required
      {...extra}
    />
  );
  const aboutLength = draft.about.trim().length;

  return (
    <Form ref={form} onSubmit={submit} noValidate aria-label="Partner with Becca">
      {field('organiser_name', { autoComplete: 'name', maxLength: community.organiserNameMaxLength })}
      {field('community_name', { autoComplete: 'organization', maxLength: community.communityNameMaxLength })}
      <AboutField>
        <label htmlFor={aboutId}>{LABELS.about}</label>
        <textarea
          id={aboutId}
          name="about"
          rows={4}
          value={draft.about}
          maxLength={community.about.max}
          required
          onChange={(event) => change('about')(event.target.value)}
          onBlur={check('about')}
          aria-invalid={errors.about ? true : undefined}
          aria-describedby={`${aboutId}-message`}
        />
        <p
          id={`${aboutId}-message`}
          role="status"
          css={(theme) => ({ color: errors.about ? theme.colors.error : theme.colors.inkSoft })}
        >
          {errors.about ??
            `${community.about.min} to ${community.about.max} characters: who comes, how often you meet (${aboutLength} so far).`}
        </p>
      </AboutField>
      {field('city', { autoComplete: 'address-level2', maxLength: community.cityMaxLength })}
      {field('expected_size', { type: 'number', inputMode: 'numeric', min: community.expectedSize.min })}
      {field('contact_phone', {
        type: 'tel',
        inputMode: 'tel',
        autoComplete: 'tel',
        maxLength: limits.waitlistPhoneMaxLength,
      })}
      <p role="alert" css={(theme) => ({ margin: 0, color: theme.colors.error })}>
        {failure ?? ''}
      </p>
      <PrimaryButton type="submit" disabled={isLoading}>
        {isLoading ? 'Sending…' : 'Apply to partner'}
      </PrimaryButton>
    </Form>
  );
}
