import { bubbleDelaysMs, type DemoCycle } from './demoTiming';

/** One demo conversation. All people and places are fictional. */
interface DemoItemBase {
  id: string;
  userMessage: string;
  replyMessage: string;
}

export interface ConnectDemoItem extends DemoItemBase {
  profile: { name: string; subline: string; avatar: string };
}

export interface DeepenDemoItem extends DemoItemBase {
  thirdMessage: string;
}

/** Get Connected With Anyone: the user asks for an introduction, Becca suggests someone. */
export const connectItems: readonly ConnectDemoItem[] = [
  {
    id: 'reading',
    userMessage: 'I’d love to meet someone who’s really into books.',
    replyMessage: 'Chloe runs a book club in Islington. Want an intro?',
    profile: { name: 'Chloe', subline: 'Book club host · Islington', avatar: '/assets/avatars/young-05.png' },
  },
  {
    id: 'finance-internships',
    userMessage: 'Can you find someone who did a finance internship?',
    replyMessage: 'Arjun interned at a bank last summer. Shall I introduce you?',
    profile: { name: 'Arjun', subline: 'Analyst · Canary Wharf', avatar: '/assets/avatars/young-01.png' },
  },
  {
    id: 'fashion-photographer',
    userMessage: 'I need a fashion photographer for my lookbook.',
    replyMessage: 'Lena shoots for indie labels in Peckham. Want an intro?',
    profile: {
      name: 'Lena',
      subline: 'Fashion photographer · Peckham',
      avatar: '/assets/avatars/young-09.png',
    },
  },
];

/** Deepen Your Connections: Becca notices a friendship going quiet and offers to help. */
export const deepenItems: readonly DeepenDemoItem[] = [
  {
    id: 'losing-touch',
    userMessage: 'I’m losing touch with my old uni friends.',
    replyMessage: 'You and Priya haven’t spoken since March. She just got a new job!',
    thirdMessage: 'Want me to draft a congrats message, or set a reminder to call her?',
  },
  {
    id: 'drifting',
    userMessage: 'I feel like I’m drifting from my friends since the move.',
    replyMessage: 'Tom and Jess are both free next weekend and miss you.',
    thirdMessage: 'Shall I draft a message to the group, or set a reminder?',
  },
];

/** One bubble of the phone demo. */
export interface RenderedChatMessage {
  id: string;
  text: string;
  /** The image bubble's second line (the suggested person's subline). */
  caption?: string;
  side: 'left' | 'right';
  backgroundColor: string;
  textColor: string;
  type: 'text' | 'image';
  imageUrl?: string;
  animationDelayMs: number;
  cycleType: DemoCycle;
  cycleIndex: number;
  messageIndex: number;
}

export const demoBubbleColours = {
  user: { backgroundColor: '#a8551f', textColor: '#ffffff' },
  assistant: { backgroundColor: '#ffffff', textColor: '#15151c' },
} as const;

export function sampleCount(cycle: DemoCycle): number {
  return cycle === 'getConnected' ? connectItems.length : deepenItems.length;
}

/** The bubbles of one sample, in the order they appear. */
export function renderDemoSample(cycle: DemoCycle, cycleIndex: number): RenderedChatMessage[] {
  const item = cycle === 'getConnected' ? connectItems[cycleIndex] : deepenItems[cycleIndex];
  if (!item) throw new RangeError(`No ${cycle} demo sample ${cycleIndex}`);
  const delays = bubbleDelaysMs(cycle, cycleIndex);
  const base = (messageIndex: number) => ({
    id: `${cycle}-${item.id}-${messageIndex}`,
    cycleType: cycle,
    cycleIndex,
    messageIndex,
    animationDelayMs: delays[messageIndex]!,
  });
  const user: RenderedChatMessage = {
    ...base(0),
    type: 'text',
    side: 'right',
    text: item.userMessage,
    ...demoBubbleColours.user,
  };
  const reply: RenderedChatMessage = {
    ...base(1),
    type: 'text',
    side: 'left',
    text: item.replyMessage,
    ...demoBubbleColours.assistant,
  };
  const third: RenderedChatMessage =
    'profile' in item
      ? {
          ...base(2),
          type: 'image',
          side: 'left',
          text: item.profile.name,
          caption: item.profile.subline,
          imageUrl: item.profile.avatar,
          ...demoBubbleColours.assistant,
        }
      : { ...base(2), type: 'text', side: 'left', text: item.thirdMessage, ...demoBubbleColours.assistant };
  return [user, reply, third];
}

/** Every sample rendered once, so selectors hand out the same arrays each time. */
export const renderedDemoSamples: Record<DemoCycle, readonly RenderedChatMessage[][]> = {
  getConnected: connectItems.map((_, index) => renderDemoSample('getConnected', index)),
  deepenConnections: deepenItems.map((_, index) => renderDemoSample('deepenConnections', index)),
};
