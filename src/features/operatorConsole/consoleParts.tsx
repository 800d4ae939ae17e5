import styled from '@emotion/styled';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PrimaryButton } from '../../components/Button';
import { limits } from '../../domain/limits';
import { apiErrorDetail } from '../../shared/api';
import { routePaths } from '../../shared/routePaths';
import { SCREEN_HEADING } from '../../shared/useFocusScreenHeading';

/**
 * A section's <h1>. Arriving by a link of the console (not by loading the page) moves focus here, so
 * a screen reader says where it is and the keyboard starts from the new content: react-router names
 * the first location of a page load `default`.
 */
export function PanelHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    if (key !== 'default') heading.current?.focus();
  }, [key]);
  return (
    <h1 ref={heading} tabIndex={-1} {...SCREEN_HEADING}>
      {children}
    </h1>
  );
}

/** A bordered part of a section, with its <h2>. */
export const Box = styled.section`
  margin-top: 1.5rem;
  padding: 1.25rem;
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.paperRaised};
  h2 {
    margin: 0 0 1rem;
    font-size: 1.5rem;
  }
  h3 {
    margin: 1.25rem 0 0.5rem;
    font-size: 1.15rem;
  }
  > p:last-child {
    margin-bottom: 0;
  }
`;

/** Labelled inputs and selects in a row that wraps on a phone. */
export const Fields = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0.75rem 1rem;
  margin-bottom: 1rem;
  label {
    display: grid;
    gap: 0.3rem;
    font-weight: 600;
  }
  input,
  select,
  textarea {
    min-height: 44px;
    padding: 0.45rem 0.75rem;
    border: 1.5px solid ${({ theme }) => theme.colors.inkSoft};
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.colors.paperRaised};
    color: ${({ theme }) => theme.colors.ink};
    font: inherit;
    font-weight: 400;
    max-width: 100%;
  }
  textarea {
    width: min(36rem, 100%);
    min-height: 5rem;
  }
`;

export const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(8rem, max-content) 1fr;
  gap: 0.5rem 1.25rem;
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

export const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.error};
  font-weight: 600;
`;

/**
 * A query's loading and error states; `children` once there is data. An empty list is the caller's
 * to word, since only it knows what "nothing" means there.
 */
export function QueryState({
  what,
  query,
  children,
}: {
  what: string;
  query: { isLoading: boolean; isError: boolean; error?: unknown; refetch: () => unknown };
  children: ReactNode;
}) {
  if (query.isError) {
    return (
      <div>
        <ErrorText role="alert">{apiErrorDetail(query.error, `The ${what} could not be loaded.`)}</ErrorText>
        <PrimaryButton type="button" onClick={() => void query.refetch()}>
          Try again
        </PrimaryButton>
      </div>
    );
  }
  if (query.isLoading) {
    return (
      <p role="status" aria-busy="true">
        Loading the {what}…
      </p>
    );
  }
  return <>{children}</>;
}

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** A moment, to the minute, in UTC as the server counts: "25 Nov 2026, 10:04 UTC". */
export function Moment({ at, none = '—' }: { at: string | null; none?: string }) {
  if (!at) return <>{none}</>;
  return <time dateTime={at}>{`${timeFormat.format(new Date(at))} UTC`}</time>;
}

/** The address of a member's page: the members section with their id. */
export const memberPageLink = (id: string) => `${routePaths.adminMembers}?id=${encodeURIComponent(id)}`;

/**
 * The reason an operator gives for a change, kept in the audit log: a textarea when it is required
 * (a few words at least), a one-line input when it is optional. Bounded as the admin API bounds it.
 */
export function ReasonField({
  id,
  label = 'Reason (kept in the audit log)',
  value,
  onChange,
  required = true,
}: {
  id: string;
  label?: string;
  value: string;
  onChange: (reason: string) => void;
  required?: boolean;
}) {
  const common = {
    id,
    value,
    maxLength: limits.admin.reasonMaxLength,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <label htmlFor={id}>
      {label}
      {required ? <textarea {...common} required /> : <input {...common} />}
    </label>
  );
}
