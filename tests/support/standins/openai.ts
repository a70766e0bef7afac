import { closeServer, listen, readBody, sendJson, type StandIn } from './http';

/** Markers a test puts in its prompt to choose the stand-in's answer. */
export const AI_STANDIN_MARKERS = {
  /** answers HTTP 500 */
  fail: '[standin:fail]',
  /** answers 200 with an empty message */
  empty: '[standin:empty]',
  /** answers with a first line longer than the draft title limit */
  longTitle: '[standin:long-title]',
} as const;

export const AI_STANDIN_KEY = 'standin-ai-key';
export const AI_STANDIN_MODEL = 'standin-model';

export const LONG_GENERATED_TITLE = 'The Complete Guide to Reading a Dance Floor and Building Energy Through a Four Hour Set';

/** The text the stand-in writes for a prompt: a heading from the prompt, then a body that quotes it. */
export function standInArticle(prompt: string): string {
  const topic = prompt.replace(/\[standin:[^\]]+\]/g, '').trim();
  const title = prompt.includes(AI_STANDIN_MARKERS.longTitle) ? LONG_GENERATED_TITLE : `Notes on ${topic}`.slice(0, 60);
  return `# ${title}\n\nThis draft was written for the prompt "${topic}".\n\n## Why it matters\n\nEvery DJ has a story about it.\n\n## Try this\n\n- Listen first\n- Play second`;
}

export interface AiStandIn extends StandIn {
  /** Bodies of the chat-completions requests received, for assertions. */
  requests: Array<{ authorization: string | undefined; body: { model?: string; messages?: Array<{ role: string; content: string }> } }>;
}

/** A local server speaking the OpenAI chat-completions API (POST {base}/chat/completions), for tests. */
export async function startAiStandIn(port = 0): Promise<AiStandIn> {
  const requests: AiStandIn['requests'] = [];
  const { server, url } = await listen(async (req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) return sendJson(res, 404, { error: { message: 'not found' } });
    const body = JSON.parse(await readBody(req)) as AiStandIn['requests'][number]['body'];
    requests.push({ authorization: req.headers.authorization, body });
    if (req.headers.authorization !== `Bearer ${AI_STANDIN_KEY}`) return sendJson(res, 401, { error: { message: 'Incorrect API key provided.' } });
    const prompt =
      body.messages
        ?.filter((m) => m.role === 'user')
        .map((m) => m.content)
        .join('\n') ?? '';
    if (prompt.includes(AI_STANDIN_MARKERS.fail)) return sendJson(res, 500, { error: { message: 'The server had an error while processing your request.' } });
    const content = prompt.includes(AI_STANDIN_MARKERS.empty) ? '' : standInArticle(prompt);
    sendJson(res, 200, {
      id: `chatcmpl-${requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 50, total_tokens: 60 },
    });
  }, port);
  return { url: `${url}/v1`, requests, stop: () => closeServer(server) };
}
