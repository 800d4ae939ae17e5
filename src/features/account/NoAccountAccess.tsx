import { Link } from 'react-router-dom';
import { routePaths } from '../../shared/routePaths';

/** The /account page on a device that holds no key, or one the server no longer knows. */
export function NoAccountAccess({ keyRejected }: { keyRejected: boolean }) {
  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title">Your account</h1>
      {keyRejected ? (
        <p>
          This browser’s key to your account no longer works: the account may have been deleted, or the key
          has expired.
        </p>
      ) : (
        <p>This browser does not hold a key to a Becca account.</p>
      )}
      <p>
        When you register on this site, the browser you register with keeps a key to your account, and this
        page shows your details there, lets you download everything we hold about you, and delete your
        account. Open this page in that browser, on that device.
      </p>
      <p>
        Registered on another device, or cleared your browser’s data? Write to us using the contact details in
        our <Link to={`${routePaths.privacy}#contact-us`}>privacy policy</Link> and we will help you see,
        export or delete your data.
      </p>
    </section>
  );
}
