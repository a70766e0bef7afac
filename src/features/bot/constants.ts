/** DJ.Bot, the rule-based assistant. Runs on the device only. */

export const BOT_REPLY_MIN_MS = 1000;
export const BOT_REPLY_MAX_MS = 2000;

export const QUICK_QUESTIONS = [
  { label: 'Discussions', text: 'How do discussions work?' },
  { label: 'User Directory', text: 'How do I find other members in the directory?' },
  { label: 'My Profile', text: 'Where is my profile?' },
  { label: 'Subscriptions', text: 'What subscriptions are there?' },
] as const;

export const BOT_TEXTS = {
  title: 'DJ.Bot',
  subtitle: 'Your guide to the circle. Works offline too.',
  greeting: "Hey, I'm DJ.Bot! Ask me about discussions, the directory, your profile, subscriptions, or anything about the platform.",
  inputLabel: 'Message DJ.Bot',
  placeholder: 'Ask DJ.Bot something...',
  send: 'Send',
  typing: 'DJ.Bot is typing...',
  quickHeading: 'Quick questions',
} as const;
