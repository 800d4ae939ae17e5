import { brand } from '../../config/brand';
import type { LegalDocument } from './legalDocument';

const name = brand.productName;
const assistant = brand.assistantName;
const company = brand.company;

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  effectiveDate: brand.legalEffectiveDate,
  summary:
    `This policy explains what personal information ${name} collects, why we collect it, ` +
    'how long we keep it, who we share it with and the rights you have under UK data ' +
    'protection law. In short: we use what you tell us to understand who you are and whom ' +
    'you would like to meet, we never show your phone number or location on your profile, ' +
    'and nobody is introduced to anyone unless both sides have agreed first.',
  sections: [
    {
      id: 'introduction',
      title: '1. Introduction',
      blocks: [
        `${name}, ${brand.tagline} ("${name}", "we", "us" or "our"), is operated by ` +
          `${company.legalName}, a company registered in ${company.jurisdiction} under ` +
          `company number ${company.companyNumber}, whose registered office is at ` +
          `${company.registeredOffice}.`,
        'We are the controller of the personal information described in this policy. That ' +
          'means we decide why and how it is used, and we are responsible for looking after ' +
          'it in line with the UK General Data Protection Regulation (UK GDPR) and the Data ' +
          'Protection Act 2018.',
        `${name} is an invite-only social-introduction service. Our AI assistant, also called ` +
          `${assistant}, talks with you on WhatsApp, builds your profile, takes your requests ` +
          'about whom you would like to meet and introduces you to people who match, in ' +
          'WhatsApp group chats that both sides have agreed to join. It is not a dating or ' +
          'matchmaking service.',
        `This policy covers our website, the members' web app at ${brand.appUrl}, ` +
          `${assistant} on WhatsApp and the optional onboarding phone call. It applies to ` +
          'members, to people who join our waitlist, and to people whose details a member ' +
          'shares with us, such as friends they nominate or people they list in their network.',
        `If you have any questions about this policy, please email us at ${brand.privacyEmail}.`,
      ],
    },
    {
      id: 'information-we-collect',
      title: '2. Information We Collect',
      blocks: [
        'When you register, we collect:',
        [
          'Your first and last name, and your age.',
          'Your location (town or city). We use it to suggest people near you; it is never ' +
            'shown on your profile.',
          `Your phone number, in international format. We store it securely and use it so ` +
            `that you can message ${assistant} on WhatsApp; it is never shown on your profile.`,
          'Your occupation, described in your own words.',
          'If you choose to tell us, what you are looking for (Friendship, Co-Founder, ' +
            'Network, Romance or Creative Partner) and your interests.',
          'One profile photo. Our server decodes and re-encodes the image and removes all of ' +
            'its metadata, such as EXIF data and GPS location, before it is stored.',
          'The invite code you used, your registration status (registered, and then ' +
            'onboarded) and the dates and times of these steps.',
        ],
        'Your "Who I know" network. You can tell us about up to three groups, communities or ' +
          'organisations you belong to, and up to three people who matter to you, with a name ' +
          'and a short note of where each person is from or where they are "at". This is ' +
          'information about other people, so please only add what you are entitled to share ' +
          'and what they would reasonably expect you to share. We use these entries only to ' +
          'understand your network and suggest introductions; we do not use them to market ' +
          'to the people you list.',
        'Our lawful basis for using "Who I know" entries is legitimate interests: your ' +
          'interest in being introduced through the people and communities you know, and ours ' +
          'in providing that service. We keep these entries to a minimum (a name and a short ' +
          'description), and because we usually have no way of contacting the people listed, ' +
          'we publish this policy so that they can find out how their information is used. ' +
          `Anyone listed who would like their details removed can email ${brand.privacyEmail} ` +
          "and we will delete them, without needing the member's agreement.",
        'Friend nominations. If you nominate a friend, we collect their first name, last ' +
          'name, Instagram handle and phone number. Please only nominate someone you believe ' +
          `would welcome hearing from us. We use these details only to consider inviting ` +
          `that person to ${name}. If we contact them, we will tell them how we got their ` +
          'details and how to have them deleted.',
        'Opting out of nominations. Anyone can enter their phone number on our opt-out page ' +
          '(/opt-out). We then delete every nomination of that number at once, and from then on ' +
          'a nomination of it is thanked as usual but nothing is stored. To recognise the ' +
          'number we keep only a salted hash of it (a one-way fingerprint made with a secret ' +
          'value), never the number itself. The page gives the same answer for every number, ' +
          'so nobody can use it to find out whether someone was nominated or has opted out.',
        'The waitlist. If you do not have an invite code, you can join our waitlist by ' +
          'leaving your phone number and, if you wish, your name or email address. We use ' +
          'these details only to invite you when a place is available.',
        `Your conversations with ${assistant}. When you message ${assistant} on WhatsApp or ` +
          'take the onboarding call, we process what you say so that we can build your ' +
          'profile, understand your requests and make introductions. Please do not share ' +
          'anything you would not want used for those purposes. If you choose to share ' +
          'sensitive information, such as details of your health, religion or sexual ' +
          'orientation, we use it only to make the introductions you ask for, on the basis of ' +
          'your explicit consent, which you can withdraw at any time.',
        'Access tokens and linking codes. After you register, your browser keeps an access ' +
          'token (see section 5). We store only a SHA-256 hash of it on our server, never the ' +
          'token itself. The WhatsApp link we give you contains a one-time linking code that ' +
          `ties your chat with ${assistant} to your registration.`,
        'Server logs and IP addresses. Our server keeps logs so that we can run the service ' +
          'and keep it secure. These logs never contain full phone numbers, access tokens or ' +
          'photos. We use IP addresses briefly to apply rate limits that protect the service ' +
          'from abuse.',
      ],
    },
    {
      id: 'how-we-use-your-information',
      title: '3. How We Use Your Information',
      blocks: [
        'We use your information only for the purposes below, and UK data protection law ' +
          'requires us to have a lawful basis for each of them:',
        [
          'Contract: to create and run your account, build your profile, take your requests, ' +
            'suggest and make introductions, let you sign in and keep in touch with you about ' +
            `the service. Without this information we cannot provide ${name} to you.`,
          'Legitimate interests: to use the network information you give us about other ' +
            'people, to handle friend nominations, to check that members are 18 or over ' +
            '(including asking for proof of age where we need to), and to keep the service ' +
            'safe and secure, for example through server logs, rate limiting and looking into ' +
            'misuse. We rely on this only where our interests are not outweighed by your ' +
            'rights, and you can object at any time (see section 7).',
          'Consent: to keep you on the waitlist and contact you when a place is available, ' +
            'and to use any sensitive information you choose to share (explicit consent). ' +
            'You can withdraw your consent at any time; this does not affect anything we did ' +
            'before you withdrew it.',
          'Legal obligation: to keep records the law requires, to respond to lawful requests ' +
            'from public authorities and to deal with your data protection requests.',
        ],
        'What other people see. When you agree to an introduction, the people you are ' +
          'introduced to may see your profile, for example your name, photo, occupation and ' +
          'interests. Your location and phone number are never shown on your profile. ' +
          'However, introductions happen in WhatsApp group chats, so the other people in the ' +
          'group will see your WhatsApp name and phone number, as in any WhatsApp group. That ' +
          'is one reason why every introduction needs your agreement first.',
        'We do not sell your personal information, we do not use it for advertising and we do ' +
          'not pass it to advertisers or data brokers.',
        'How long we keep it. We keep personal information only for as long as we need it:',
        [
          'Waitlist details: until we invite you, or for 12 months after you join the ' +
            'waitlist, whichever is sooner.',
          'Account data (your registration details, profile, photo, "Who I know" entries and ' +
            `the content of your conversations with ${assistant}, including the onboarding ` +
            'call): for as long as your account exists. When you delete your account on the ' +
            'account page (/account), your registration details, photo, "Who I know" entries, ' +
            'the nominations you made, the invite codes you were given and nobody used, your ' +
            'waitlist entry and your access tokens are erased at once; we keep only a ' +
            'count of how many accounts have been deleted, which says nothing about you. An ' +
            'account closed by email request is deleted within 30 days.',
          'Registrations that are never completed by an onboarding call or messaging: deleted ' +
            '12 months after registration.',
          'Friend nominations: until we have contacted the person nominated, or for 12 months, ' +
            'whichever is sooner, and straight away if that person opts out (/opt-out) or asks.',
          'Opt-out list: the salted hash of an opted-out number is kept for as long as we run ' +
            'the service, because forgetting it would let the number be nominated again.',
          'Server logs: 30 days.',
          'IP addresses used for rate limiting: only for the short rate-limiting period, and ' +
            'never longer than our 30-day log period.',
          'Data in your browser: the registration draft and intro-video flag are removed when ' +
            'you close the browser tab; the access token stays until you clear it.',
        ],
        'We may keep a limited amount of information for longer where the law requires it, ' +
          'or where we need it to establish, exercise or defend legal claims, for example a ' +
          'record that an account was closed for breaking our Terms of Service.',
        'Keeping it secure. We protect your information with measures suited to the risk, ' +
          'including: storing only a hash of access tokens; removing metadata from photos; ' +
          'keeping full phone numbers, tokens and photos out of our logs; using encrypted ' +
          '(HTTPS) connections; and limiting access to personal information to the people who ' +
          'need it to run the service. No system is perfectly secure, so if a data breach ' +
          "puts your information at risk we will tell you, and the Information Commissioner's " +
          'Office, where the law requires us to.',
      ],
    },
    {
      id: 'ai-processing-and-profiling',
      title: '4. AI Processing and Profiling',
      blocks: [
        `${assistant} is powered by AI models. It uses your WhatsApp messages and what you ` +
          'say in the onboarding call to build your profile, understand whom you would like ' +
          'to meet and suggest people who might be a good match. That includes second-degree ' +
          'connections: people you are linked to through someone you know or a community you ' +
          'share.',
        "Building your profile and comparing it with other members' profiles to suggest " +
          'introductions is "profiling" under UK GDPR. We do it because it is the heart of the ' +
          'service you have signed up for (contract) and, for information about the people and ' +
          'communities in your network, on the basis of legitimate interests.',
        'No decisions that have legal or similarly significant effects on you are made solely ' +
          `by automated means. A suggestion from ${assistant} is only a suggestion: no ` +
          'introduction happens unless you and the other person have both agreed to it first ' +
          '(double opt-in).',
        `AI can get things wrong. If you think ${assistant} has misunderstood you, tell ` +
          `${assistant} or email us and we will correct your profile. You can also ask for a ` +
          'person at our company to review any suggestion or decision about you, to explain ' +
          `how it was reached and to hear your point of view, by emailing ${brand.privacyEmail}.`,
        'You have the right to object to profiling. Because matching is how the service ' +
          'works, if you object to all profiling we may not be able to keep providing it to ' +
          'you, and we will explain your options, including closing your account.',
        'The AI model providers we use act as our processors. They may process your ' +
          'information only to provide their service to us, on our instructions and under ' +
          'written contracts, and not for their own purposes.',
      ],
    },
    {
      id: 'cookies-and-local-storage',
      title: '5. Cookies and Local Storage',
      blocks: [
        'We do not use advertising or tracking cookies, and we do not use any third-party ' +
          'analytics. Our fonts and images are hosted by us, so loading our pages does not ' +
          'send your information to outside font or image services.',
        "We use your browser's storage only for the following, which are needed for the " +
          'features you use:',
        [
          'Local storage, access token: after you register, your browser keeps an access ' +
            'token so that it can recognise your registration. Our server stores only a ' +
            'SHA-256 hash of it, so the token itself cannot be read from our database.',
          'Session storage, registration draft: while you are registering, we keep your ' +
            'unfinished answers (but not your photo) so that reloading the page does not lose ' +
            'them.',
          'Session storage, intro video: a flag that remembers you have already seen the ' + 'intro video.',
        ],
        'The WhatsApp link we give you after registration contains a one-time linking code. ' +
          `It ties your WhatsApp chat with ${assistant} to your registration; it is not a ` +
          'cookie and is not used to track you.',
        'Because this storage is strictly necessary to provide what you have asked for, we do ' +
          'not ask for consent to it under the Privacy and Electronic Communications ' +
          'Regulations. Session storage is cleared automatically when you close the browser ' +
          'tab, and you can clear local storage at any time in your browser settings.',
      ],
    },
    {
      id: 'third-party-service-providers',
      title: '6. Third-Party Service Providers',
      blocks: [
        'We share personal information only with the service providers who help us run ' +
          `${name}, with the people you agree to be introduced to (see section 3) and where ` +
          'the law requires it. Our service providers are:',
        [
          `WhatsApp (Meta Platforms): carries your messages with ${assistant} and the group ` +
            "chats in which introductions happen. WhatsApp's own terms and privacy policy " +
            'also apply to your use of WhatsApp.',
          'Our hosting and cloud provider: runs our servers and stores our data, in the UK ' +
            'or the European Economic Area (EEA).',
          'AI model providers: process your conversations and profile on our behalf, as our ' +
            `processors, so that ${assistant} can understand you and suggest introductions.`,
          'Our telephony provider: connects the optional onboarding phone call.',
        ],
        'Community partners. If you join through the link of a club or event organiser who works ' +
          'with us, we record which community brought you in. The organiser sees counts only (how ' +
          'many people joined through their links, started their chat and finished onboarding), ' +
          'never your name, phone number, photo or anything else about you.',
        'We may also disclose information where the law requires it, where it is needed to ' +
          'protect the safety of any person or to prevent fraud or misuse, or, if our business ' +
          'is reorganised or sold, to the new owner, who would have to keep using it in line ' +
          'with this policy.',
        'International transfers. Our data is hosted in the UK or the EEA. Some of our ' +
          'providers, such as Meta, our AI model providers or our telephony provider, may ' +
          'process information outside the UK, for example in the United States. Whenever ' +
          'personal information leaves the UK, we make sure it stays protected: either the ' +
          'destination is covered by UK adequacy regulations, or we use the UK International ' +
          'Data Transfer Agreement (IDTA) or the Standard Contractual Clauses (SCCs) together ' +
          'with the UK Addendum. You can ask us for more information about these safeguards.',
      ],
    },
    {
      id: 'your-data-protection-rights',
      title: '7. Your Data Protection Rights',
      blocks: [
        'Under UK data protection law you have the right to:',
        [
          'Access: get a copy of the personal information we hold about you.',
          'Rectification: have inaccurate or incomplete information corrected.',
          'Erasure: have your information deleted, for example when you close your account.',
          'Restriction: ask us to limit how we use your information, for example while we ' +
            'check whether it is accurate.',
          'Portability: receive the information you gave us in a structured, machine-readable ' +
            'format, or have it sent to another organisation, where we use it on the basis of ' +
            'contract or consent.',
          'Objection: object to our use of your information on the basis of legitimate ' +
            'interests, including profiling.',
          'Rights related to automated decision-making and profiling: not to be subject to a ' +
            'decision based solely on automated processing that has legal or similarly ' +
            'significant effects on you, and to ask for human review (see section 4).',
          'Withdraw consent: at any time, where we rely on your consent.',
        ],
        'Members can use the rights of access, portability and erasure themselves on the ' +
          'account page (/account), in the browser they registered with: it shows the details ' +
          'we hold, "Download my data" gives you one file (JSON) with everything we hold about ' +
          'you, including your photo, your network, the friends you nominated and your invite ' +
          'code, and "Delete my account" erases your account at once.',
        `To use any of these rights, email ${brand.privacyEmail}. We may need to ask you for ` +
          'information to confirm your identity before we act. We will answer within 30 days. ' +
          'If a request is particularly complex, or you send us several, we may need up to two ' +
          'further months, and if so we will tell you why within the first 30 days. We do not ' +
          'charge for requests unless they are clearly unfounded or excessive.',
        'If a member has listed you in their "Who I know" network or nominated you as a ' +
          'friend, you have these rights too: you can ask what we hold about you, and have it ' +
          `removed, by emailing ${brand.privacyEmail}. If you were nominated, you can also opt ` +
          'out on our opt-out page (/opt-out) by entering your phone number: your nominations ' +
          'are deleted at once and your number cannot be stored as a nomination again.',
        'If you are unhappy with how we have handled your information, please tell us first ' +
          'so that we can try to put it right. You also have the right to complain to the ' +
          "Information Commissioner's Office (ICO), the UK data protection regulator, at " +
          'ico.org.uk.',
      ],
    },
    {
      id: 'childrens-privacy',
      title: "8. Children's Privacy",
      blocks: [
        `${name} is only for adults. You must be 18 or older to join, and we may ask for ` +
          'proof of age. We do not knowingly collect personal information from anyone under ' +
          '18, and members must not list or nominate anyone under 18.',
        'If we learn that someone under 18 has registered or joined the waitlist, we will ' +
          'close the account or remove the waitlist entry and delete their information. If ' +
          'you believe a child has given us their information, please email ' +
          `${brand.privacyEmail}.`,
      ],
    },
    {
      id: 'changes-to-this-policy',
      title: '9. Changes to This Policy',
      blocks: [
        'We may update this policy from time to time, for example when we add features or ' +
          'the law changes. The effective date at the top of this page shows when it last ' +
          'changed.',
        'If we make significant changes, we will tell you before they take effect, for ' +
          `example in a message from ${assistant} on WhatsApp or in a notice on our website. ` +
          'Where the law requires your consent to a change, we will ask for it.',
      ],
    },
    {
      id: 'contact-us',
      title: '10. Contact Us',
      blocks: [
        'If you have a question about this policy or how we use your information, or you ' +
          'would like to use any of your rights, please get in touch:',
        [
          `Company: ${company.legalName}`,
          `Registered in ${company.jurisdiction}, company number ${company.companyNumber}`,
          `Registered office: ${company.registeredOffice}`,
          `Privacy questions and requests: ${brand.privacyEmail}`,
          `Anything else: ${brand.contactEmail}`,
        ],
      ],
    },
  ],
};
