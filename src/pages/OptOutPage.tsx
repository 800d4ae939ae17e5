import { Link } from 'react-router-dom';
import { routePaths } from '../shared/routePaths';
import { PageLayout } from '../components/PageLayout';
import { brand } from '../config/brand';
import { OptOutForm } from '../features/optOut/OptOutForm';
import { DocumentTitle } from '../components/DocumentTitle';

/** `/opt-out`: for people members named, who never agreed to anything. */
export default function OptOutPage() {
  return (
    <PageLayout>
      <DocumentTitle>{`Opt out · ${brand.productName}`}</DocumentTitle>
      <h1>Don’t want to be nominated?</h1>
      <p>
        Members of {brand.productName} can nominate friends for an invite by giving us a name, an Instagram
        handle and a phone number. If you would rather we never hold your details that way, enter your number
        here.
      </p>
      <ul>
        <li>Any nominations of your number are deleted straight away.</li>
        <li>
          From then on, if someone nominates your number, they are thanked as usual but we store nothing.
        </li>
        <li>
          We keep your number only as a salted hash (a one-way fingerprint), so that we can recognise it
          without storing it.
        </li>
      </ul>
      <p>
        We show the same answer for every number, so nobody can use this page to find out whether someone was
        nominated.
      </p>
      <OptOutForm />
      <p>
        If a member listed you in their “Who I know” network (by name, without a number), or you want to know
        what we hold about you, write to us using the contact details in our{' '}
        <Link to={`${routePaths.privacy}#contact-us`}>privacy policy</Link>.
      </p>
    </PageLayout>
  );
}
