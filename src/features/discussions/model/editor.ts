/**
 * Text transformations of the reply editor's markdown toolbar and of quoting.
 * Pure: they take the text and the selection and return the new text and
 * selection, so the textarea stays a controlled input.
 */
export type EditorState = { text: string; start: number; end: number };

export type ToolbarAction = 'bold' | 'italic' | 'strikethrough' | 'code' | 'link' | 'quote';

const WRAPPERS: Record<'bold' | 'italic' | 'strikethrough' | 'code', string> = {
  bold: '**',
  italic: '*',
  strikethrough: '~~',
  code: '`',
};

function wrap(state: EditorState, marker: string, placeholder: string): EditorState {
  const selected = state.text.slice(state.start, state.end) || placeholder;
  const before = state.text.slice(0, state.start);
  const after = state.text.slice(state.end);
  const text = `${before}${marker}${selected}${marker}${after}`;
  const start = before.length + marker.length;
  return { text, start, end: start + selected.length };
}

/** Applies a toolbar button. `url` is what the member typed at the link prompt (null when cancelled). */
export function applyToolbar(state: EditorState, action: ToolbarAction, url?: string | null): EditorState {
  switch (action) {
    case 'bold':
    case 'italic':
    case 'strikethrough':
    case 'code':
      return wrap(state, WRAPPERS[action], action === 'code' ? 'code' : 'text');
    case 'link': {
      const href = (url ?? '').trim();
      if (!href) return state;
      const label = state.text.slice(state.start, state.end) || 'link text';
      const before = state.text.slice(0, state.start);
      const insert = `[${label}](${href})`;
      const text = `${before}${insert}${state.text.slice(state.end)}`;
      return { text, start: before.length + 1, end: before.length + 1 + label.length };
    }
    case 'quote': {
      // Quote whole lines: extend the selection to line starts and ends.
      const lineStart = state.text.lastIndexOf('\n', state.start - 1) + 1;
      const nextBreak = state.text.indexOf('\n', state.end);
      const lineEnd = nextBreak === -1 ? state.text.length : nextBreak;
      const block = state.text.slice(lineStart, lineEnd) || 'quote';
      const quoted = quoteLines(block);
      const text = `${state.text.slice(0, lineStart)}${quoted}${state.text.slice(lineEnd)}`;
      return { text, start: lineStart, end: lineStart + quoted.length };
    }
  }
}

/** One quote marker per line. */
export function quoteLines(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

/** The reply pre-fill for quoting a post: '> **{author} wrote:**' then the text, quoted line by line. */
export function buildQuote(author: string, content: string): string {
  return `> **${author} wrote:**\n${quoteLines(content.trim())}\n\n`;
}
