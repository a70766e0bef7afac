import { describe, expect, it } from 'vitest';
import { LAUNCH_ENTRY_ATTRIBUTE, LAUNCH_MARKUP_MARKER, shellWithLaunchMarkup } from '@/lib/launch-markup';

const build = '/assets/index-Abc123.js';
const shell = `<!doctype html><html><head><script type="module" crossorigin src="${build}"></script></head><body>\n<div id="root"></div>\n</body></html>`;

describe('the shell served with a launch markup', () => {
  it('puts the markup inside the root, after a marker the app’s first render removes with it', () => {
    const served = shellWithLaunchMarkup(shell, '<main><a data-testid="discussion-card" href="/discussions/thread/1">Set times</a></main>', build);
    expect(served).toContain(`<div id="root"><template ${LAUNCH_MARKUP_MARKER}></template><main><a data-testid="discussion-card"`);
    // The entry starts after the markup's first paint, still this build's.
    expect(served).not.toContain(`<script type="module" crossorigin src="${build}"></script>`);
    expect(served).toContain(`<link rel="modulepreload" crossorigin href="${build}">`);
    expect(served).toContain(`<script type="module" ${LAUNCH_ENTRY_ATTRIBUTE}="${build}">`);
    expect(served).toContain(`import("${build}")`);
  });

  it('keeps replacement patterns in the markup as text', () => {
    const served = shellWithLaunchMarkup(shell, '<p>Tickets $& $1 $` gone</p>', build);
    expect(served).toContain('<p>Tickets $& $1 $` gone</p>');
  });

  it('refuses a markup another build painted, and a shell without an empty root', () => {
    expect(shellWithLaunchMarkup(shell, '<main></main>', '/assets/index-Old999.js')).toBeNull();
    expect(shellWithLaunchMarkup(shell, '<main></main>', null)).toBeNull();
    expect(shellWithLaunchMarkup(shell.replace('<div id="root"></div>', '<div id="root">x</div>'), '<main></main>', build)).toBeNull();
  });
});
