import { brand } from '../../config/brand';
import type { LegalDocument } from './legalDocument';

const name = brand.productName;
const assistant = brand.assistantName;
const company = brand.company;

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  effectiveDate: brand.legalEffectiveDate,
  summary:
    `These terms are the agreement between you and ${company.legalName} for using ${name}. ` +
    'In short: you must be 18 or older and have an invite, you must give us accurate ' +
    'information and treat other members with respect, introductions only happen when both ' +
    `sides agree, and ${name} is free for now, with notice before any fee is introduced.`,
  sections: [
    {
      id: 'agreement-to-terms',
      title: '1. Agreement to Terms',
      blocks: [
        `${name}, ${brand.tagline} ("${name}", "we", "us" or "our"), is operated by ` +
          `${company.legalName}, a company registered in ${company.jurisdiction} under ` +
          `company number ${company.companyNumber}, whose registered office is at ` +
          `${company.registeredOffice}.`,
        `These Terms of Service ("Terms") apply to our website, the members' web app at ` +
          `${brand.appUrl}, our AI assistant ${assistant} on WhatsApp, the optional onboarding ` +
          'phone call and the introductions we make (together, the "Service").',
        'By registering for or using the Service, you agree to these Terms. If you do not ' +
          'agree, please do not use the Service. Our Privacy Policy explains how we use your ' +
          'personal information and should be read together with these Terms.',
      ],
    },
    {
      id: 'the-service',
      title: '2. The Service',
      blocks: [
        `${name} is an invite-only social-introduction service. Our AI assistant, also called ` +
          `${assistant}, works through WhatsApp. It builds your profile from your ` +
          'conversations, takes your requests about whom you would like to meet, and suggests ' +
          'introductions to members who match, or to second-degree connections: people you are ' +
          'linked to through someone you know or a community you share.',
        'Every introduction is double opt-in: both you and the other person are asked first, ' +
          'and an introduction only happens if you both agree. Introductions take place in ' +
          "WhatsApp group chats, where the people in the group can see each other's WhatsApp " +
          'name and phone number.',
        `${name} is not a dating or matchmaking service. You can tell us what you are looking ` +
          'for, such as friendship, a co-founder, your network, romance or a creative partner, ' +
          'but we do not promise any particular kind of connection, any number of ' +
          'introductions, or that anyone you are introduced to will be a good fit.',
        `${assistant}'s suggestions are produced by AI and may sometimes be inaccurate or ` +
          'unsuitable. You decide whom to meet, and you can always decline an introduction.',
        'We are continually developing the Service and may change, add or remove features ' +
          'from time to time. If a change significantly affects how you use the Service, we ' +
          'will tell you in advance where we reasonably can.',
      ],
    },
    {
      id: 'eligibility',
      title: '3. Eligibility',
      blocks: [
        'To use the Service you must:',
        [
          'be 18 or older;',
          'be able to enter into a legally binding agreement;',
          'have a WhatsApp account linked to a phone number that you are entitled to use; and',
          'not have had an account suspended or closed by us, unless we have agreed that you ' +
            'may return.',
        ],
        'We may ask you for proof of age at any time. If you cannot provide it when asked, ' +
          'or if we reasonably believe you are under 18, we may suspend or close your account.',
      ],
    },
    {
      id: 'registration-and-account',
      title: '4. Registration and Your Account',
      blocks: [
        `Registration is by invitation only. To register you need an invite code, which we ` +
          'issue and which community and event organisers may share with their members, ' +
          'sometimes as a link. If you do not have a code, you can leave your phone number on ' +
          'our waitlist. Joining the waitlist does not guarantee an invitation.',
        `After registering, you complete onboarding either through an optional first phone ` +
          `call with ${assistant} or by messaging ${assistant} on WhatsApp instead. You ` +
          'become a full member once that call or messaging is completed. Returning members ' +
          `sign in through our web app at ${brand.appUrl}.`,
        'When you register and use the Service, you agree that:',
        [
          'the information you give us, including your name, age, location, occupation and ' +
            'photo, is accurate and your own, and you will keep it up to date;',
          'you will have only one account, and you will not register on behalf of someone ' +
            'else or pretend to be someone else;',
          'you will not sell invite codes, or share a code more widely than the person who ' +
            'gave it to you intended;',
          'you will keep your phone, your WhatsApp account and any device you use to access ' +
            'the Service secure, because anyone who can use them may be able to act as you; ' +
            'and',
          `you will tell us promptly at ${brand.contactEmail} if your phone is lost or stolen, ` +
            'your phone number changes, or you think someone else has used your account.',
        ],
        'You are responsible for what happens through your account, unless it results from ' +
          'our failure to take reasonable care.',
      ],
    },
    {
      id: 'user-conduct',
      title: '5. User Conduct',
      blocks: [
        `${name} only works if members can trust each other. When using the Service, and ` +
          'when dealing with people you meet through it, you must not:',
        [
          'harass, bully, threaten, intimidate, stalk or abuse anyone, or send anyone ' +
            'sexual or offensive content they have not asked for;',
          'discriminate against anyone or post hateful content;',
          'send commercial spam, unsolicited advertising, sales pitches or chain messages, or ' +
            'use the Service to recruit people into schemes;',
          'get around the double opt-in, for example by contacting someone who has declined ' +
            'an introduction, adding people to group chats without their agreement, or ' +
            "sharing another member's details outside an introduction without their permission;",
          'add to your "Who I know" network, or nominate, anyone whose details you are not ' +
            'entitled to share, or anyone under 18;',
          'give false information, impersonate anyone or misrepresent your connection with ' +
            'any person, community or organisation;',
          'use the Service for anything unlawful, fraudulent or harmful;',
          `try to copy, scrape, reverse engineer, overload or interfere with ${name} or ` +
            `${assistant}, or to access accounts or data that are not yours; or`,
          'use automated means, such as bots, to create accounts or send messages.',
        ],
        'If someone you meet through the Service behaves in a way that worries you, please ' +
          `tell us at ${brand.contactEmail}. If you are in immediate danger, contact the ` +
          'emergency services first.',
      ],
    },
    {
      id: 'intellectual-property',
      title: '6. Intellectual Property',
      blocks: [
        `The Service, including the ${name} name and logo, our website, our software and ` +
          `the way ${assistant} works, belongs to us or our licensors. You may use the ` +
          'Service only for its intended purpose and in line with these Terms.',
        'You keep ownership of the content you give us, such as your photo and what you tell ' +
          `${assistant}. You give us a non-exclusive, royalty-free licence to store, copy, ` +
          'adapt and use that content, and to show your profile to people you agree to be ' +
          'introduced to, for as long as we need it to provide the Service. This licence ends ' +
          'when your content is deleted, as described in our Privacy Policy.',
        'You confirm that you have the right to share the content you give us, including any ' +
          'photo you upload.',
        'If you send us feedback or suggestions, we may use them to improve the Service ' +
          'without owing you anything.',
      ],
    },
    {
      id: 'third-party-services',
      title: '7. Third-Party Services',
      blocks: [
        `${assistant} and the introductions we make work through WhatsApp, which is provided ` +
          "by Meta Platforms. Your use of WhatsApp is also governed by WhatsApp's own terms and " +
          'privacy policy. We do not control WhatsApp and are not responsible for its ' +
          'availability, features or changes.',
        'We also rely on other providers, such as our hosting provider, AI model providers and ' +
          'a telephony provider for the onboarding call. Our Privacy Policy explains how they ' +
          'handle your information.',
      ],
    },
    {
      id: 'fees',
      title: '8. Fees',
      blocks: [
        `${name} is currently free to use.`,
        'We may introduce fees in the future, but only after giving you prior notice, which ' +
          'will tell you what the fees are and when they start. We will never charge you ' +
          'retroactively for your use of the Service before the fees take effect. If you do ' +
          'not want to pay, you can close your account before the fees apply.',
        'Your mobile network may charge you for data, messages or calls in the usual way. ' +
          'Those charges are between you and your network.',
      ],
    },
    {
      id: 'termination',
      title: '9. Termination',
      blocks: [
        `You may close your account at any time by emailing ${brand.contactEmail}. We will ` +
          'then delete your information as described in our Privacy Policy.',
        'We may suspend or terminate any account at any time. We will usually do so where:',
        [
          'you have broken these Terms, or we reasonably suspect that you have;',
          'we reasonably believe your account puts other members, us or anyone else at risk;',
          'we cannot confirm that you are 18 or older; or',
          'the law, a regulator or a court requires us to.',
        ],
        'Where we can, and where it is safe and lawful to do so, we will tell you why we ' +
          'have suspended or closed your account. If we decide to stop providing the Service ' +
          'altogether, we will give you reasonable notice.',
        'When your account ends, your right to use the Service ends too. Sections of these ' +
          'Terms that by their nature should continue, such as those on intellectual property, ' +
          'limitation of liability and governing law, will continue to apply.',
      ],
    },
    {
      id: 'disclaimers',
      title: '10. Disclaimers',
      blocks: [
        'We provide the Service with reasonable care and skill, but otherwise "as is" and "as ' +
          'available". We cannot promise that it will always be available, uninterrupted or ' +
          'free from errors, or that it will meet every need you have.',
        `We cannot guarantee that members are who they say they are, or that what they tell ` +
          `${assistant} is true. We are not responsible for how other members behave, online ` +
          'or in person. Please use your own judgement: take time to get to know people, meet ' +
          'in public places, tell a friend where you are going, and never send money to ' +
          'someone you have only met through the Service.',
        'Nothing in these Terms affects your legal rights as a consumer.',
      ],
    },
    {
      id: 'limitation-of-liability',
      title: '11. Limitation of Liability',
      blocks: [
        'Nothing in these Terms excludes or limits our liability for death or personal injury ' +
          'caused by our negligence, for fraud or fraudulent misrepresentation, or for anything ' +
          `else that cannot be excluded or limited under the law of ${company.jurisdiction}, ` +
          'including your rights under the Consumer Rights Act 2015.',
        'Subject to that:',
        [
          'we are responsible only for loss or damage that is a foreseeable result of our ' +
            'breaking these Terms or failing to use reasonable care and skill; we are not ' +
            'responsible for loss or damage that was not foreseeable;',
          `we are not liable for the acts or omissions of other members or anyone you meet ` +
            'through the Service, except to the extent that the loss was caused by our own ' +
            'breach or negligence;',
          'if you use the Service for business purposes, we are not liable to you for any ' +
            'loss of profit, business, contracts or opportunity; and',
          'our total liability to you in connection with the Service is limited to the greater ' +
            'of £100 and the total amount you have paid us in the 12 months before the event ' +
            'giving rise to the claim.',
        ],
      ],
    },
    {
      id: 'indemnification',
      title: '12. Indemnification',
      blocks: [
        'If you break these Terms or the law when using the Service, you are responsible for ' +
          'the reasonable losses, costs and expenses that we suffer as a result, to the extent ' +
          'the law allows.',
        'If you use the Service in the course of a business, you will also indemnify us ' +
          'against claims brought by third parties arising from your breach of these Terms or ' +
          'your misuse of the Service, including any claim that content you gave us infringes ' +
          "someone else's rights.",
      ],
    },
    {
      id: 'governing-law',
      title: '13. Governing Law',
      blocks: [
        'These Terms, and any dispute or claim arising out of or in connection with them or ' +
          `the Service, are governed by the laws of ${company.jurisdiction}.`,
        `The courts of ${company.jurisdiction} have exclusive jurisdiction over any such dispute or ` +
          'claim. However, if you are a consumer living in Scotland or Northern Ireland, you ' +
          'may also bring proceedings in your local courts, and if you live elsewhere you keep ' +
          'any mandatory consumer protections given to you by the law of the place where you ' +
          'live.',
        `If you have a complaint, please contact us first at ${brand.contactEmail} so that we ` +
          'can try to resolve it.',
      ],
    },
    {
      id: 'changes-to-these-terms',
      title: '14. Changes to These Terms',
      blocks: [
        'We may update these Terms from time to time, for example to reflect changes to the ' +
          'Service or the law. The effective date at the top of this page shows when they last ' +
          'changed.',
        'If we make significant changes, we will tell you before they take effect, for ' +
          `example in a message from ${assistant} on WhatsApp or in a notice on our website. ` +
          'If you continue to use the Service after the changes take effect, the updated ' +
          'Terms will apply to you. If you do not agree to them, you can close your account ' +
          'at any time. Changes will never apply fees retroactively.',
      ],
    },
    {
      id: 'contact-us',
      title: '15. Contact Us',
      blocks: [
        'If you have any questions about these Terms or the Service, please get in touch:',
        [
          `Company: ${company.legalName}`,
          `Registered in ${company.jurisdiction}, company number ${company.companyNumber}`,
          `Registered office: ${company.registeredOffice}`,
          `General enquiries: ${brand.contactEmail}`,
          `Privacy questions and requests: ${brand.privacyEmail}`,
        ],
      ],
    },
  ],
};
