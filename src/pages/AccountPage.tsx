import { useState } from 'react';
import { PageLayout } from '../components/PageLayout';
import { brand } from '../config/brand';
import { AccountPanel } from '../features/account/AccountPanel';
import { InvitesPanel } from '../features/memberInvites/InvitesPanel';
import { readAccessToken } from '../shared/accessToken';
import { DocumentTitle } from '../components/DocumentTitle';

/** `/account`: rendered in the browser only, since it depends on the key this browser holds. */
export default function AccountPage() {
  const [token] = useState(readAccessToken);
  return (
    <PageLayout>
      <DocumentTitle>{`Your account · ${brand.productName}`}</DocumentTitle>
      <AccountPanel token={token}>{token && <InvitesPanel />}</AccountPanel>
    </PageLayout>
  );
}
