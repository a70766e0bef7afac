import { Lexer, type Token } from 'marked';

/** The words of markdown tokens, without their syntax. */
function tokensText(tokens: readonly Token[]): string {
  const parts: string[] = [];
  for (const token of tokens) {
    if ('tokens' in token && Array.isArray(token.tokens) && token.tokens.length > 0) parts.push(tokensText(token.tokens));
    else if (token.type === 'list') parts.push(tokensText((token as Token & { items: Token[] }).items));
    else if (token.type === 'image') continue;
    else if (token.type === 'html') parts.push(token.text.replace(/<[^>]*>/g, ''));
    else if ('text' in token && typeof token.text === 'string') parts.push(token.text);
    if (token.type === 'paragraph' || token.type === 'heading' || token.type === 'list_item' || token.type === 'br' || token.type === 'space') parts.push(' ');
  }
  return parts.join('');
}

/**
 * A post excerpt as one line of plain text for a notification. A quote reply
 * starts with the quoted post: the member's own words come first when there
 * are any, the quote only when nothing else was written.
 */
export function plainTextPreview(markdown: string): string {
  const tokens = Lexer.lex(markdown, { gfm: true, breaks: true });
  const own = tokens.filter((t) => t.type !== 'blockquote');
  // Server previews are cut to one line, so quote markers of later lines stand alone mid-text.
  const flatten = (t: readonly Token[]) =>
    tokensText(t)
      .replace(/(^|\s)>(?=\s|$)/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const text = flatten(own) || flatten(tokens);
  // The lexer leaves character references (&amp;) in text; a preview shows the characters.
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? _);
}
