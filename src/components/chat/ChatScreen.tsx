import styled from '@emotion/styled';
import type { ReactNode } from 'react';

const Screen = styled.div`
  display: flex;
  flex-direction: column;
  height: 100%;
  background: #f3ece3;
  color: ${({ theme }) => theme.colors.ink};
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  gap: 0.65rem;
  padding: 0.75rem 1rem;
  background: ${({ theme }) => theme.colors.paperRaised};
  border-bottom: 1px solid ${({ theme }) => theme.colors.line};
`;

const Badge = styled.span`
  flex: none;
  display: grid;
  place-items: center;
  width: 2.25rem;
  height: 2.25rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.night};
  color: ${({ theme }) => theme.colors.gold};
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 1.15rem;
`;

const Title = styled.span`
  display: grid;
  line-height: 1.2;
  strong {
    font-weight: 600;
    font-size: 0.95rem;
  }
  span {
    font-size: 0.75rem;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

export const ChatBody = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding: 1rem 0.85rem;
`;

/** A messaging-app screen: a header with who the chat is with, then the conversation. */
export function ChatScreen({
  title,
  status,
  initial,
  className,
  children,
}: {
  title: string;
  status: string;
  initial: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Screen className={className}>
      <Header>
        <Badge aria-hidden="true">{initial}</Badge>
        <Title>
          <strong>{title}</strong>
          <span>{status}</span>
        </Title>
      </Header>
      {children}
    </Screen>
  );
}
