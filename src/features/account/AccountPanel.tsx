import styled from '@emotion/styled';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { apiErrorDetail } from '../../shared/api';
import { PrimaryButton, TextButton } from '../../components/Button';
import { useDeleteMyAccountMutation, useExportMyDataMutation, useMyProfileQuery } from './accountApi';
import type { MemberProfile } from '../../domain/contracts/member';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { forgetThisDevice, saveExport } from './deviceData';
import { NoAccountAccess } from './NoAccountAccess';

const Details = styled.dl`
  display: grid;
  grid-template-columns: minmax(8rem, max-content) 1fr;
  gap: 0.5rem 1.25rem;
  margin: 1.5rem 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Section = styled.section`
  margin-top: 2rem;
  padding-top: 1.5rem;
  border-top: 1px solid ${({ theme }) => theme.colors.line};
  h2 {
    margin-top: 0;
  }
`;

function listOrNone(items: readonly string[]): string {
  return items.length ? items.join(', ') : 'None given';
}

function ProfileDetails({ profile }: { profile: MemberProfile }) {
  const rows: [string, string][] = [
    ['Name', `${profile.first_name} ${profile.last_name}`],
    ['Age', String(profile.age)],
    ['Location', profile.location],
    ['Phone', profile.phone],
    ['What you do', profile.occupation],
    ['Looking for', listOrNone(profile.looking_for)],
    ['Interests', listOrNone(profile.interests)],
    ['Who you know', listOrNone(profile.who_i_know.map((entry) => `${entry.name} (${entry.location})`))],
    ['Registered', new Date(profile.registered_at).toLocaleDateString('en-GB', { dateStyle: 'long' })],
  ];
  return (
    <Details>
      {rows.map(([term, value]) => (
        <div key={term} css={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </Details>
  );
}

function AccountDeleted() {
  const heading = useRef<HTMLHeadingElement>(null);
  // The dialog and the button that opened it are gone: put focus where the news is.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title" ref={heading} tabIndex={-1}>
        Your account has been deleted
      </h1>
      <p role="status">
        We have erased your details, photo, network and nominations, and this browser no longer holds a key to
        your account. You are welcome back any time with a new invite code.
      </p>
    </section>
  );
}

/**
 * The member's account: their details, a download of everything we hold and deletion. `token` is
 * this browser's key to the account (null when it has none). `children` (what other features show a
 * signed-in member, such as their invites) appear under the details once the account has loaded.
 */
export function AccountPanel({ token, children }: { token: string | null; children?: ReactNode }) {
  const profile = useMyProfileQuery(undefined, { skip: !token });
  const [exportData, exported] = useExportMyDataMutation();
  const [deleteAccount, deletion] = useDeleteMyAccountMutation();
  const [confirming, setConfirming] = useState(false);
  const [downloaded, setDownloaded] = useState(false);

  if (deletion.isSuccess) return <AccountDeleted />;
  if (!token) return <NoAccountAccess keyRejected={false} />;
  if (profile.error && 'status' in profile.error && profile.error.status === 401) {
    return <NoAccountAccess keyRejected />;
  }
  if (profile.isError) {
    return (
      <section aria-labelledby="account-title">
        <h1 id="account-title">Your account</h1>
        <p role="alert">{apiErrorDetail(profile.error, 'We could not load your account.')}</p>
        <PrimaryButton type="button" onClick={() => void profile.refetch()}>
          Try again
        </PrimaryButton>
      </section>
    );
  }
  if (!profile.data) {
    return (
      <section aria-labelledby="account-title" aria-busy="true">
        <h1 id="account-title">Your account</h1>
        <p role="status">Loading your details…</p>
      </section>
    );
  }

  const download = async () => {
    setDownloaded(false);
    const text = await exportData()
      .unwrap()
      .catch(() => undefined);
    if (text === undefined) return;
    saveExport(text);
    setDownloaded(true);
    exported.reset();
  };

  const confirmDeletion = async () => {
    const done = await deleteAccount()
      .unwrap()
      .then(() => true)
      .catch(() => false);
    if (done) forgetThisDevice();
  };

  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title">Your account</h1>
      <p>This is what you told us when you registered.</p>
      <ProfileDetails profile={profile.data} />
      {children}

      <Section aria-labelledby="download-title">
        <h2 id="download-title">Your data</h2>
        <p>
          One file (JSON) with everything we hold about you: your details, your photo, your network, the
          friends you nominated and your invite code.
        </p>
        <PrimaryButton type="button" onClick={() => void download()} disabled={exported.isLoading}>
          {exported.isLoading ? 'Preparing your data…' : 'Download my data'}
        </PrimaryButton>
        <p role="status" aria-live="polite">
          {downloaded ? 'Your data has been downloaded.' : ''}
          {exported.isError
            ? apiErrorDetail(exported.error, 'We could not prepare your data. Please try again.')
            : ''}
        </p>
      </Section>

      <Section aria-labelledby="delete-section-title">
        <h2 id="delete-section-title">Delete your account</h2>
        <p>Deleting erases everything above at once. You can register again later with a new invite code.</p>
        <TextButton type="button" onClick={() => setConfirming(true)} css={{ paddingLeft: 0 }}>
          Delete my account
        </TextButton>
      </Section>

      {confirming && (
        <DeleteAccountDialog
          deleting={deletion.isLoading}
          problem={
            deletion.isError
              ? apiErrorDetail(deletion.error, 'We could not delete your account. Please try again.')
              : null
          }
          onConfirm={() => void confirmDeletion()}
          onCancel={() => {
            setConfirming(false);
            deletion.reset();
          }}
        />
      )}
    </section>
  );
}
