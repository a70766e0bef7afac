/** Texts of the mini player; tests import them from here. */
export const PLAYER_TEXT = {
  region: 'Now playing',
  close: 'Close player',
  audioLabel: (title: string) => `Playing ${title}`,
} as const;

/** What the lock screen's skip buttons move, in seconds. */
export const SEEK_STEP_S = 10;
