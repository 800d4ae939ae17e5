import styled from '@emotion/styled';
import { ChatBubble } from '../../components/chat/ChatBubble';
import { ChatBody, ChatScreen } from '../../components/chat/ChatScreen';
import { SAMPLE_MESSAGE_DELAYS_MS, type SampleChat } from './howItWorksContent';
import { useInView } from './useInView';

const Card = styled.figure`
  width: 100%;
  max-width: 24rem;
  margin: 0;
  border-radius: 28px;
  overflow: hidden;
  box-shadow:
    0 24px 48px rgba(21, 21, 28, 0.14),
    0 2px 6px rgba(21, 21, 28, 0.08);
`;

const Body = styled(ChatBody)`
  min-height: 15rem;
  padding-bottom: 1.5rem;
`;

const colours = {
  you: { backgroundColor: '#a8551f', textColor: '#ffffff' },
  becca: { backgroundColor: '#ffffff', textColor: '#15151c' },
  contact: { backgroundColor: '#fff7e0', textColor: '#15151c' },
} as const;

/**
 * A sample conversation whose bubbles appear one after another once it is on screen (and once
 * `ready`, e.g. after the intro video). The whole chat is in the HTML; its text is the caption.
 */
export function SampleChatCard({ chat, label, ready }: { chat: SampleChat; label: string; ready: boolean }) {
  const { ref, inView } = useInView<HTMLElement>();
  return (
    <Card ref={ref} aria-label={label}>
      <ChatScreen title={chat.title} status={chat.status} initial={chat.initial}>
        <Body>
          {chat.messages.map((message, index) => (
            <ChatBubble
              key={message.text}
              side={message.from === 'you' ? 'right' : 'left'}
              sender={message.sender}
              delayMs={SAMPLE_MESSAGE_DELAYS_MS[index]!}
              play={ready && inView}
              {...colours[message.from]}
            >
              {message.text}
            </ChatBubble>
          ))}
        </Body>
      </ChatScreen>
    </Card>
  );
}
