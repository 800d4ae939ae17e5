import { keyframes } from '@emotion/react';
import styled from '@emotion/styled';
import { useAppSelector } from '../../shared/hooks';
import { AvatarImage } from '../../components/chat/AvatarImage';
import { ChatBubble } from '../../components/chat/ChatBubble';
import { ChatBody, ChatScreen } from '../../components/chat/ChatScreen';
import { PhoneFrame } from '../../components/PhoneFrame';
import { brand } from '../../config/brand';
import type { RenderedChatMessage } from './demoConversations';
import {
  selectDemoCycle,
  selectDemoIndex,
  selectDemoMessages,
  selectDemoPhase,
  selectDemoRun,
} from './demoSlice';
import { DEMO_ENTER_MS, DEMO_EXIT_MS } from './demoTiming';
import { useDemoCycleDriver } from './useDemoCycleDriver';

/** Width classes of the demo: up to 480 px xs, 640 sm, 768 md, 1024 lg (largest first). */
export const demoWidthClasses = { lg: 1024, md: 768, sm: 640, xs: 480 } as const;
const upTo = (px: number) => `@media (max-width: ${px}px)`;

const enter = keyframes`
  from { opacity: 0; transform: translateY(12px); }
  to { opacity: 1; transform: none; }
`;
const exit = keyframes`
  from { opacity: 1; transform: none; }
  to { opacity: 0; transform: translateY(-12px); }
`;

const Screen = styled(ChatScreen)`
  --bubble-font-size: 0.95rem;
  ${upTo(demoWidthClasses.lg)} {
    --bubble-font-size: 0.92rem;
  }
  ${upTo(demoWidthClasses.md)} {
    --bubble-font-size: 0.9rem;
  }
  ${upTo(demoWidthClasses.sm)} {
    --bubble-font-size: 0.86rem;
  }
  ${upTo(demoWidthClasses.xs)} {
    --bubble-font-size: 0.82rem;
  }
`;

const Conversation = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  min-height: 0;
  text-align: left;
`;

const DateChip = styled.span`
  align-self: center;
  margin-top: 0.9rem;
  padding: 0.15rem 0.7rem;
  border-radius: 8px;
  background: rgba(255, 255, 255, 0.75);
  font-size: 0.72rem;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

/** The sample on screen fades in while entering and out while exiting (pure CSS: no layout shift). */
const Sample = styled(ChatBody)`
  flex: none;
  margin-top: auto;
  &[data-phase='entering'] {
    animation: ${enter} ${DEMO_ENTER_MS}ms ease-out both;
  }
  &[data-phase='exiting'] {
    animation: ${exit} ${DEMO_EXIT_MS}ms ease-in both;
  }
  @media (prefers-reduced-motion: reduce) {
    &[data-phase] {
      animation: none;
    }
  }
`;

/** A message field at the bottom, where the phone fades out: it reads as a real chat. */
const Composer = styled.div`
  display: flex;
  gap: 0.5rem;
  padding: 0.6rem 0.75rem 1.25rem;
  text-align: left;
  span {
    flex: 1;
    padding: 0.45rem 0.9rem;
    border-radius: 999px;
    background: #ffffff;
    font-size: 0.8rem;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
  i {
    flex: none;
    width: 2.1rem;
    height: 2.1rem;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.accent};
  }
`;

const Profile = styled.span`
  display: flex;
  align-items: center;
  gap: 0.65rem;
  strong {
    display: block;
    font-weight: 600;
  }
  small {
    display: block;
    font-size: 0.85em;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

function DemoBubble({ message }: { message: RenderedChatMessage }) {
  const bubble = {
    side: message.side,
    backgroundColor: message.backgroundColor,
    textColor: message.textColor,
    delayMs: message.animationDelayMs,
  };
  if (message.type === 'image' && message.imageUrl) {
    return (
      <ChatBubble {...bubble}>
        <Profile>
          <AvatarImage src={message.imageUrl} size={44} initial={message.text.charAt(0)} />
          <span>
            <strong>{message.text}</strong>
            <small>{message.caption}</small>
          </span>
        </Profile>
      </ChatBubble>
    );
  }
  return (
    <ChatBubble {...bubble} clampOnMobile>
      {message.text}
    </ChatBubble>
  );
}

export const PHONE_DEMO_LABEL =
  `Sample chats with ${brand.assistantName}: you ask to meet someone and she suggests a person and ` +
  'offers an introduction; she notices a friendship going quiet and offers to draft a message or set a reminder.';

/** The landing page's phone: sample chats cycling through the two promises. */
export function PhoneDemo({ className }: { className?: string }) {
  useDemoCycleDriver();
  const cycle = useAppSelector(selectDemoCycle);
  const index = useAppSelector(selectDemoIndex);
  const phase = useAppSelector(selectDemoPhase);
  const run = useAppSelector(selectDemoRun);
  const messages = useAppSelector(selectDemoMessages);

  return (
    <PhoneFrame className={className} label={PHONE_DEMO_LABEL}>
      {/* Decoration: the frame's label describes it, so screen readers do not read every bubble. */}
      <div aria-hidden="true" css={{ height: '100%' }}>
        <Screen title={brand.assistantName} status="online" initial={brand.assistantName.charAt(0)}>
          <Conversation>
            <DateChip>Today</DateChip>
            <Sample
              key={`${run}-${cycle}-${index}`}
              data-testid="phone-demo-sample"
              data-cycle={cycle}
              data-index={index}
              data-phase={phase}
            >
              {messages.map((message) => (
                <DemoBubble key={message.id} message={message} />
              ))}
            </Sample>
          </Conversation>
          <Composer>
            <span>Message</span>
            <i />
          </Composer>
        </Screen>
      </div>
    </PhoneFrame>
  );
}
