/** One statement of a SQL file and the line it starts on (1-based). */
export interface SqlStatement {
  sql: string;
  line: number;
}

/**
 * Splits a SQL script into its statements the way psql and the Supabase CLI do: at
 * semicolons outside quotes, dollar-quoted bodies and comments. The runner executes
 * them one by one so a failure can name the statement and its line.
 */
export function splitSqlStatements(script: string): SqlStatement[] {
  const statements: SqlStatement[] = [];
  let start = 0;
  let line = 1;
  let startLine = 1;
  let i = 0;
  const push = (end: number) => {
    const text = script.slice(start, end);
    // the statement itself starts after the blank lines and comments before it
    const skip = leadingNoise(text);
    const sql = text.slice(skip).trim();
    if (sql && sql !== ';') statements.push({ sql, line: startLine + countNewlines(text.slice(0, skip)) });
  };
  while (i < script.length) {
    const ch = script[i]!;
    const next = script[i + 1];
    if (ch === '\n') {
      line++;
      i++;
    } else if (ch === '-' && next === '-') {
      const end = script.indexOf('\n', i);
      i = end === -1 ? script.length : end;
    } else if (ch === '/' && next === '*') {
      let depth = 1;
      let j = i + 2;
      while (j < script.length && depth > 0) {
        if (script[j] === '/' && script[j + 1] === '*') {
          depth++;
          j += 2;
        } else if (script[j] === '*' && script[j + 1] === '/') {
          depth--;
          j += 2;
        } else j++;
      }
      line += countNewlines(script.slice(i, j));
      i = j;
    } else if (ch === "'" || ch === '"') {
      let j = i + 1;
      while (j < script.length) {
        if (script[j] === ch) {
          if (script[j + 1] === ch) {
            j += 2;
            continue;
          }
          break;
        }
        j++;
      }
      line += countNewlines(script.slice(i, j + 1));
      i = j + 1;
    } else if (ch === '$') {
      const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(script.slice(i))?.[0];
      if (!tag) {
        i++;
        continue;
      }
      const end = script.indexOf(tag, i + tag.length);
      const stop = end === -1 ? script.length : end + tag.length;
      line += countNewlines(script.slice(i, stop));
      i = stop;
    } else if (ch === ';') {
      push(i + 1);
      i++;
      start = i;
      startLine = line;
    } else {
      i++;
    }
  }
  push(script.length);
  return statements;
}

function countNewlines(text: string): number {
  let n = 0;
  for (const c of text) if (c === '\n') n++;
  return n;
}

/** Length of the whitespace and comments a piece of script starts with. */
function leadingNoise(text: string): number {
  let i = 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text.startsWith('--', i)) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end + 1;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
    } else {
      return i;
    }
  }
}
