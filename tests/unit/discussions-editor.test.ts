import { describe, expect, it } from 'vitest';
import { applyToolbar, buildQuote, quoteLines } from '@/features/discussions/model/editor';

describe('quoting a post', () => {
  it("pre-fills '> **{author} wrote:**' and quotes every line", () => {
    expect(buildQuote('DJ One', 'first line\nsecond line\n')).toBe('> **DJ One wrote:**\n> first line\n> second line\n\n');
  });

  it('puts one marker on each line, empty lines included', () => {
    expect(quoteLines('a\n\nb')).toBe('> a\n> \n> b');
  });
});

describe('markdown toolbar', () => {
  const state = { text: 'make this loud please', start: 10, end: 14 };

  it('wraps the selection for bold, italic, strikethrough and inline code', () => {
    expect(applyToolbar(state, 'bold').text).toBe('make this **loud** please');
    expect(applyToolbar(state, 'italic').text).toBe('make this *loud* please');
    expect(applyToolbar(state, 'strikethrough').text).toBe('make this ~~loud~~ please');
    expect(applyToolbar(state, 'code').text).toBe('make this `loud` please');
  });

  it('keeps the wrapped word selected', () => {
    const next = applyToolbar(state, 'bold');
    expect(next.text.slice(next.start, next.end)).toBe('loud');
  });

  it('inserts a placeholder when nothing is selected', () => {
    expect(applyToolbar({ text: '', start: 0, end: 0 }, 'bold').text).toBe('**text**');
  });

  it('links the selection to the URL asked for, and does nothing when the prompt is cancelled', () => {
    expect(applyToolbar(state, 'link', ' https://example.com ').text).toBe('make this [loud](https://example.com) please');
    expect(applyToolbar(state, 'link', null)).toEqual(state);
    expect(applyToolbar(state, 'link', '   ')).toEqual(state);
  });

  it('quotes the selected lines', () => {
    const text = 'one\ntwo\nthree';
    expect(applyToolbar({ text, start: 5, end: 9 }, 'quote').text).toBe('one\n> two\n> three');
  });
});
