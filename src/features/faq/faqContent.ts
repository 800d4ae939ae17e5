import { brand } from '../../config/brand';

export interface FaqQuestion {
  id: string;
  question: string;
  answer: string;
}

export interface FaqSection {
  title: string;
  questions: readonly FaqQuestion[];
}

const name = brand.productName;
const assistant = brand.assistantName;

export const faqSections: readonly FaqSection[] = [
  {
    title: `About ${name}`,
    questions: [
      {
        id: 'what-is-becca',
        question: `What is ${name}?`,
        answer:
          `${name} is ${brand.tagline}: an invite-only service that introduces you to people ` +
          `worth knowing. Our AI assistant, also called ${assistant}, chats with you on ` +
          'WhatsApp, gets to know you, and listens to whom you would like to meet. When it ' +
          'finds someone who fits, it suggests an introduction.',
      },
      {
        id: 'is-becca-a-dating-app',
        question: `Is ${name} a dating app?`,
        answer:
          `No. ${name} is a social-introduction service, not a dating or matchmaking service. ` +
          'Members use it to find friends, co-founders, creative partners and people for their ' +
          'network. You can mention romance as something you are open to, but that is not what ' +
          `${name} is built around.`,
      },
      {
        id: 'who-can-join',
        question: `Who can join ${name}?`,
        answer:
          `Anyone aged 18 or over who has an invite code. ${name} is only for adults, and we ` +
          'may ask for proof of age. You will also need a WhatsApp account, because that is ' +
          `where ${assistant} lives.`,
      },
      {
        id: 'who-runs-becca',
        question: `Who runs ${name}?`,
        answer:
          `${name} is run by ${brand.company.legalName}, a UK company registered in ` +
          `${brand.company.jurisdiction}. You can reach us at ${brand.contactEmail}.`,
      },
    ],
  },
  {
    title: 'Invites, Waitlist & Joining',
    questions: [
      {
        id: 'how-do-i-get-an-invite',
        question: 'How do I get an invite?',
        answer:
          `${name} is invite-only, so you need an invite code to register. We issue codes, and ` +
          'community and event organisers share them with their members, often as a link ' +
          'ending in /join?code=... that takes you straight to registration with the code ' +
          'ready to use. If someone has shared a code with you directly, you can enter it when ' +
          'you register.',
      },
      {
        id: 'no-invite-code',
        question: "What if I don't have an invite code?",
        answer:
          'You can join the waitlist by leaving your phone number, and your name or email if ' +
          'you like. We will get in touch when a place is available. We only use these details ' +
          'to invite you, and we delete them once you are invited or after 12 months.',
      },
      {
        id: 'what-do-i-need-to-register',
        question: 'What will I be asked when I register?',
        answer:
          'Your name, age, town or city, phone number and a short description of what you ' +
          'do, plus one profile photo. You can also tell us what you are looking for ' +
          '(Friendship, Co-Founder, Network, Romance or Creative Partner) and your interests. ' +
          'If you reload the page part-way through, your answers are kept in your browser so ' +
          'you do not have to start again.',
      },
      {
        id: 'can-i-invite-friends',
        question: 'Can I bring my friends?',
        answer:
          'Yes. You can nominate a friend by giving us their name, Instagram handle and phone ' +
          'number, and we will consider inviting them. Please only nominate people who would ' +
          'be happy to hear from us.',
      },
    ],
  },
  {
    title: 'WhatsApp & Your First Call',
    questions: [
      {
        id: 'why-whatsapp',
        question: `Why does ${name} use WhatsApp?`,
        answer:
          `So that ${name} fits into the app you already use. After registering, you tap a ` +
          `link that opens a chat with ${assistant} and connects it to your registration. ` +
          `From then on you simply message ${assistant}, and introductions happen in WhatsApp ` +
          'group chats.',
      },
      {
        id: 'what-is-the-first-call',
        question: 'What is the first call, and do I have to do it?',
        answer:
          `The first call is an optional phone call with ${assistant}, our AI assistant, so ` +
          'it can get to know you and build your profile. If you would rather not talk, you ' +
          `can message ${assistant} on WhatsApp instead and answer its questions there. ` +
          'Either way works just as well.',
      },
      {
        id: 'when-am-i-a-member',
        question: 'When do I become a full member?',
        answer:
          'Once you have finished your first call or your onboarding messages with ' +
          `${assistant}. Until then you are registered but not yet a full member, so ` +
          `${assistant} cannot make introductions for you.`,
      },
      {
        id: 'am-i-talking-to-a-person',
        question: 'Am I talking to a real person?',
        answer:
          `No, ${assistant} is an AI assistant, on the phone and on WhatsApp. It suggests ` +
          'introductions, but nothing happens without your agreement, and you can ask for a ' +
          `person on our team to review any suggestion by emailing ${brand.privacyEmail}.`,
      },
      {
        id: 'how-do-i-sign-in',
        question: 'I am already a member. How do I sign in?',
        answer:
          `Returning members sign in through our web app at ${brand.appUrl}, using the Sign ` +
          'In link on this site. Most of the time, though, you will simply talk to ' +
          `${assistant} on WhatsApp.`,
      },
    ],
  },
  {
    title: 'Introductions & Communities',
    questions: [
      {
        id: 'how-do-introductions-work',
        question: 'How do introductions work?',
        answer:
          `You tell ${assistant} whom you would like to meet, for example a co-founder, a ` +
          `running partner or someone new in your city. ${assistant} looks for people who ` +
          'match and suggests an introduction. If you and the other person both agree, it ' +
          'starts a WhatsApp group chat with the two of you.',
      },
      {
        id: 'what-is-double-opt-in',
        question: 'What does double opt-in mean?',
        answer:
          'It means both sides say yes before any introduction happens. Nobody is added to a ' +
          'group chat with you unless you have agreed, and you are never added to one unless ' +
          'they have agreed too. You can always say no, and you do not have to give a reason.',
      },
      {
        id: 'second-degree-connections',
        question: 'What are second-degree connections?',
        answer:
          'People you are linked to through someone you know or a community you share. In ' +
          'your "Who I know" network you can list up to three groups or communities and up to ' +
          `three people who matter to you, which helps ${assistant} find these connections. ` +
          'Please only add people whose details you are happy and entitled to share.',
      },
      {
        id: 'communities-and-organisers',
        question: 'I run a community. Can I bring my members?',
        answer:
          'Yes. Community and event organisers share invite codes and links with their ' +
          'members, so people can join together and meet each other. Visit our Communities ' +
          `page at /communities to find out more, or email us at ${brand.contactEmail}.`,
      },
    ],
  },
  {
    title: 'Cost, Privacy & Safety',
    questions: [
      {
        id: 'is-becca-free',
        question: `How much does ${name} cost?`,
        answer:
          `${name} is free at the moment. If we ever introduce fees, we will tell you well ` +
          'before they start, and we will never charge for the time before they took effect. ' +
          'You can close your account at any time if you decide not to pay.',
      },
      {
        id: 'what-can-others-see',
        question: 'What can other people see about me?',
        answer:
          'Your phone number and your location are never shown on your profile; we use your ' +
          'town or city only to suggest people near you. Bear in mind that introductions ' +
          'happen in WhatsApp group chats, where people in the group can see your WhatsApp ' +
          'name and number, which is one reason every introduction needs your agreement first.',
      },
      {
        id: 'photo-privacy',
        question: 'What happens to my profile photo?',
        answer:
          'Our server re-encodes your photo and strips out all of its hidden metadata, such ' +
          'as EXIF data and GPS location, before storing it. We keep just one profile photo.',
      },
      {
        id: 'my-data-rights',
        question: 'How do I see, correct or delete my data?',
        answer:
          'Open your account page at /account in the browser you registered with (it is ' +
          'linked at the bottom of every page once you have registered). It shows your details, ' +
          '"Download my data" gives you a file with everything we hold about you, and "Delete ' +
          'my account" erases it all at once after you type DELETE to confirm. From another ' +
          `device, or to have something corrected, email ${brand.privacyEmail} and we will ` +
          'answer within 30 days. Our Privacy Policy at /privacy explains everything we store ' +
          'and why.',
      },
      {
        id: 'nominated-opt-out',
        question: 'Someone nominated me. How do I stop that?',
        answer:
          'Enter your phone number on our opt-out page at /opt-out. Every nomination of your ' +
          'number is deleted at once, and if anyone nominates it again, they are thanked but ' +
          'nothing is stored. We keep only a salted hash of your number, not the number, and ' +
          'the page answers the same for every number, so it reveals nothing about who was ' +
          'nominated.',
      },
      {
        id: 'staying-safe',
        question: 'How do I stay safe when meeting people?',
        answer:
          'Take your time, meet in public places and tell a friend where you are going. Our ' +
          'Terms of Service ban harassment, spam and getting around double opt-in. If anyone ' +
          `worries you, tell us at ${brand.contactEmail}, and if you are in danger call the ` +
          'emergency services first.',
      },
    ],
  },
];
