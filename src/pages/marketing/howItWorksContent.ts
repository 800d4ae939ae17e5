import { brand } from '../../config/brand';

/** The explainer's sample messages appear 500, 1200 and 1700 ms after the chat is shown. */
export const SAMPLE_MESSAGE_DELAYS_MS = [500, 1200, 1700] as const;

export interface SampleMessage {
  from: 'you' | 'becca' | 'contact';
  /** Shown above the bubble in the group chat. */
  sender?: string;
  text: string;
}

export interface SampleChat {
  title: string;
  status: string;
  initial: string;
  messages: readonly [SampleMessage, SampleMessage, SampleMessage];
}

const becca = brand.assistantName;

/** Step 1: asking for an introduction to someone connected to an exhibition. */
export const exhibitionChat: SampleChat = {
  title: becca,
  status: 'online',
  initial: becca.charAt(0),
  messages: [
    {
      from: 'you',
      text: 'Could you introduce me to someone connected to the Future Cities exhibition?',
    },
    { from: 'becca', text: 'Yes! Maya curated it, and she knows Sam from your climbing club.' },
    { from: 'becca', text: 'Shall I ask whether she would like to meet you?' },
  ],
};

/** Step 2's sample profile: name, age, city and area, job, university (all fictional). */
export const sampleProfile = {
  name: 'Maya',
  age: 29,
  city: 'London',
  area: 'Shoreditch',
  job: 'Exhibition curator',
  university: 'Goldsmiths, University of London',
  avatar: '/assets/avatars/young-08.png',
} as const;

/** Step 2: an introduction through a second-degree connection. */
export const introductionChat: SampleChat = {
  title: becca,
  status: 'online',
  initial: becca.charAt(0),
  messages: [
    {
      from: 'becca',
      text: 'Good news: Maya said yes! You are connected through Sam, a friend of a friend.',
    },
    { from: 'you', text: 'Amazing. What should I know before we meet?' },
    { from: 'becca', text: 'She is planning a talk series on city design and is looking for speakers.' },
  ],
};

/** Step 3: the double opt-in group chat that Becca opens. */
export const groupChat: SampleChat = {
  title: `Maya, Jordan & ${becca}`,
  status: 'Group chat · you both said yes',
  initial: 'M',
  messages: [
    {
      from: 'becca',
      sender: becca,
      text: 'Maya, meet Jordan. Jordan, meet Maya. You both said yes, so here is your group!',
    },
    { from: 'contact', sender: 'Maya', text: 'Hi Jordan! Sam says you are into urban design?' },
    { from: 'you', text: 'I am! Coffee at the museum café on Saturday?' },
  ],
};
