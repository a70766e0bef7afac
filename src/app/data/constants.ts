/** Texts of the sign-out question; tests import them from here. */
export const SIGN_OUT_TEXT = {
  title: 'Sign out with unsent changes?',
  description: (count: number) =>
    `${count === 1 ? '1 change has' : `${count} changes have`} not reached the server yet. Keep them on this device as drafts for when you sign in again, or discard them.`,
  keep: 'Keep as drafts',
  discard: 'Discard changes',
  cancel: 'Stay signed in',
  purgeFailed: 'Some data of your account could not be removed from this device.',
} as const;

/** The notice of a write the server refused for good; tests import it from here. */
export const REJECTED_NOTICE = {
  title: 'Not sent',
  description: (reason: string) => `${reason} Your text is kept as a draft.`,
  open: 'Open drafts',
  openAlt: 'Open your drafts to copy or send the text again',
} as const;
