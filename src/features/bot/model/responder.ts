/** One link in a bot answer; `to` is an app route. */
export type BotLink = { to: string; label: string };
export type BotAnswer = { text: string; links: BotLink[] };

export type ChatMessage = { id: string; text: string; sender: 'user' | 'bot'; timestamp: number; links?: BotLink[] };

type Rule = { test: RegExp; answer: (username: string | null) => BotAnswer };

const RULES: Rule[] = [
  {
    test: /discuss|thread|forum|hub|post|reply/i,
    answer: () => ({
      text: 'The Community Hub is where the conversation happens: browse threads by category, reply, quote and like posts. Starting a discussion earns you 5 karma.',
      links: [{ to: '/discussions', label: 'Open the Community Hub' }],
    }),
  },
  {
    test: /director|find (other )?(members|djs|people)|members|artists/i,
    answer: () => ({
      text: 'The User Directory lists DJs, producers, labels, promoters and fans. Filter by role and sort by karma or join date.',
      links: [{ to: '/directory', label: 'Browse the directory' }],
    }),
  },
  {
    test: /edit.*profile|settings|avatar|bio|banner/i,
    answer: () => ({
      text: 'You can change your display name, avatar, banner, bio, genres and social links in your profile settings.',
      links: [{ to: '/settings/profile', label: 'Profile settings' }],
    }),
  },
  {
    test: /profile|my page|my account/i,
    answer: (username) =>
      username
        ? {
            text: 'Your profile shows your uploads, activity, discussions and karma.',
            links: [
              { to: `/profile/${username}`, label: 'Go to my profile' },
              { to: '/settings/profile', label: 'Edit my profile' },
            ],
          }
        : { text: 'Log in to see your profile.', links: [{ to: '/login', label: 'Log in' }] },
  },
  {
    test: /subscri|tier|premium|pro\b|upgrade|pay|price|plan/i,
    answer: () => ({
      text: 'There are three tiers: Community Member (free), Pro DJ/Creator and Label/Promoter Suite. Pay with PayPal or crypto.',
      links: [{ to: '/subscriptions', label: 'Compare subscriptions' }],
    }),
  },
  {
    test: /karma|points|reputation/i,
    answer: () => ({ text: 'Karma grows when you start discussions and when members like your posts.', links: [{ to: '/about', label: 'How karma works' }] }),
  },
  {
    test: /contact|support|help|bug|problem|team/i,
    answer: () => ({ text: 'Need a human? Send the team a message; we answer within 24 to 48 hours.', links: [{ to: '/contact', label: 'Contact us' }] }),
  },
  {
    test: /privacy|data|cookie/i,
    answer: () => ({ text: 'Our privacy policy explains what we store and why.', links: [{ to: '/privacy', label: 'Privacy Policy' }] }),
  },
  {
    test: /terms|rules|copyright|legal/i,
    answer: () => ({ text: 'The terms of service cover accounts, content and copyright.', links: [{ to: '/terms', label: 'Terms of Service' }] }),
  },
  {
    test: /about|what is (this|djcircle)|mission/i,
    answer: () => ({
      text: 'DJCircle is a community for DJs, producers, labels, promoters and fans to connect, create, discover and grow.',
      links: [{ to: '/about', label: 'About us' }],
    }),
  },
  {
    test: /^(hi|hello|hey|yo|sup)\b/i,
    answer: () => ({ text: 'Hey! What can I help you with today?', links: [] }),
  },
];

/** The bot's answer to a message; unknown questions point home and to the contact page. */
export function respond(message: string, username: string | null): BotAnswer {
  const rule = RULES.find((r) => r.test.test(message));
  if (rule) return rule.answer(username);
  return {
    text: "I'm not sure about that one. Try one of the quick questions, or ask the team directly.",
    links: [
      { to: '/', label: 'Home' },
      { to: '/contact', label: 'Contact us' },
    ],
  };
}

/** A reply delay between min and max milliseconds (the bot waits 1000 to 2000 ms, at random). */
export function replyDelay(min: number, max: number, random: () => number = Math.random): number {
  return Math.round(min + random() * (max - min));
}
