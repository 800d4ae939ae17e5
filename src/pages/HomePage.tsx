import styled from '@emotion/styled';
import { Link } from 'react-router-dom';
import { PageLayout } from '../components/PageLayout';
import { routePaths } from '../app/routePaths';
import { brand } from '../config/brand';

const Promise = styled.h2`
  font-size: clamp(1.6rem, 5vw, 2.4rem);
  margin: 0.5rem 0;
`;

const RequestAccess = styled(Link)`
  display: inline-block;
  margin-top: 1.5rem;
  padding: 0.85rem 1.75rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.night};
  color: ${({ theme }) => theme.colors.paper};
  text-decoration: none;
  font-weight: 600;
`;

export default function HomePage() {
  return (
    <PageLayout>
      <title>{`${brand.productName}, ${brand.tagline}`}</title>
      <h1 css={{ fontSize: 'clamp(2.2rem, 7vw, 3.5rem)', margin: '2rem 0 1rem' }}>
        {brand.productName}, {brand.tagline}
      </h1>
      <Promise>Get Connected With Anyone</Promise>
      <Promise>Deepen Your Connections</Promise>
      <p>
        {brand.assistantName} is an AI assistant on WhatsApp that introduces you to the right people and keeps
        you connected to everyone who matters. Membership is by invitation.
      </p>
      <RequestAccess to={routePaths.join}>Request Access</RequestAccess>
    </PageLayout>
  );
}
