/**
 * @username mentions: the same reading as the database's, which decides who is
 * notified (a name of 3 to 20 letters, digits or underscores after `@`, not
 * part of a word or an e-mail address), so what links in a post is what
 * notified.
 */
const MENTION = /(^|[^a-zA-Z0-9_@.])@([a-zA-Z0-9_]{3,20})/g;
/** An `@name` being typed right before the caret: what the editor suggests members for. */
const TYPING = /(?:^|[^a-zA-Z0-9_@.])@([a-zA-Z0-9_]{0,20})$/;

export const MENTION_SUGGESTION_LIMIT = 6;

/** The distinct usernames (lowercase) a text mentions. */
export function mentionedUsernames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(MENTION)) names.add(match[2].toLowerCase());
  return [...names];
}

/** The mention being typed at `caret`: where its `@` is and what follows it, or null. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const match = TYPING.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[1].length - 1, query: match[1].toLowerCase() };
}

/** The text with the mention at `start` (up to the caret) replaced by `@username `, and where the caret goes. */
export function insertMention(text: string, start: number, caret: number, username: string): { text: string; caret: number } {
  const inserted = `@${username} `;
  const rest = text
    .slice(caret)
    .replace(/^[a-zA-Z0-9_]*/, '')
    .replace(/^ /, '');
  return { text: text.slice(0, start) + inserted + rest, caret: start + inserted.length };
}

/** Elements whose text is never turned into links: existing links and code. */
const SKIP = new Set(['A', 'CODE', 'PRE']);

/**
 * Rewrites the mentions of members in `root` (sanitized post HTML, parsed)
 * into links to their profiles; a name nobody has stays plain text.
 */
export function linkMentions(root: ParentNode, isMember: (username: string) => boolean, profileHref: (username: string) => string): void {
  const doc = (root as Node).ownerDocument ?? document;
  const walker = doc.createTreeWalker(root as Node, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    let parent = node.parentElement;
    let skipped = false;
    while (parent && parent !== root) {
      if (SKIP.has(parent.tagName)) skipped = true;
      parent = parent.parentElement;
    }
    if (!skipped && (node.nodeValue ?? '').includes('@')) texts.push(node as Text);
  }
  for (const text of texts) {
    const value = text.nodeValue ?? '';
    const parts: Node[] = [];
    let last = 0;
    for (const match of value.matchAll(MENTION)) {
      const name = match[2].toLowerCase();
      if (!isMember(name)) continue;
      const at = (match.index ?? 0) + match[1].length;
      parts.push(doc.createTextNode(value.slice(last, at)));
      const link = doc.createElement('a');
      link.setAttribute('href', profileHref(name));
      link.setAttribute('data-mention', name);
      link.textContent = `@${match[2]}`;
      parts.push(link);
      last = at + 1 + match[2].length;
    }
    if (parts.length === 0) continue;
    parts.push(doc.createTextNode(value.slice(last)));
    text.replaceWith(...parts);
  }
}
