import { useState } from 'react';
import { PageLayout } from '../components/PageLayout';
import { brand } from '../config/brand';
import { AccountPanel } from '../features/account/AccountPanel';
import { InvitesPanel } from '../features/memberInvites/InvitesPanel';
import { readAccessToken } from '../shared/accessToken';

/** `/account`: rendered in the browser only, since it depends on the key this browser holds. */
export default function AccountPage() {
  const [token] = useState(readAccessToken);
  return (
    <PageLayout>
      <title>{`Your account · ${brand.productName}`}</title>
      <AccountPanel token={token}>{token && <InvitesPanel accessToken={token} />}</AccountPanel>
    </PageLayout>
  );
}
