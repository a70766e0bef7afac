import { Link } from '@tanstack/react-router';
import { Bot, Send, User } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { BOT_REPLY_MAX_MS, BOT_REPLY_MIN_MS, BOT_TEXTS, QUICK_QUESTIONS } from '../constants';
import { replyDelay, respond, type ChatMessage } from '../model/responder';

let counter = 0;
const nextId = () => `m${Date.now()}-${++counter}`;

/** /dj-bot: the rule-based assistant; no server calls, so it works offline. */
export function BotScreen({ username }: { username: string | null }) {
  const [messages, setMessages] = useState<ChatMessage[]>(() => [{ id: nextId(), text: BOT_TEXTS.greeting, sender: 'bot', timestamp: Date.now() }]);
  const [input, setInput] = useState('');
  const [typing, setTyping] = useState(false);
  const timers = useRef<number[]>([]);
  const logRef = useRef<HTMLDivElement>(null);

  useEffect(() => () => timers.current.forEach((t) => clearTimeout(t)), []);
  // Keep the newest message in view inside the log, without scrolling the page.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, typing]);

  function send(text: string) {
    const trimmed = text.trim();
    if (trimmed === '') return;
    setMessages((m) => [...m, { id: nextId(), text: trimmed, sender: 'user', timestamp: Date.now() }]);
    setInput('');
    setTyping(true);
    const answer = respond(trimmed, username);
    timers.current.push(
      window.setTimeout(
        () => {
          setMessages((m) => [...m, { id: nextId(), text: answer.text, links: answer.links, sender: 'bot', timestamp: Date.now() }]);
          setTyping(false);
        },
        replyDelay(BOT_REPLY_MIN_MS, BOT_REPLY_MAX_MS),
      ),
    );
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    send(input);
  }

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={BOT_TEXTS.title} subtitle={BOT_TEXTS.subtitle} icon={<Bot />} />
      <Card className="flex h-[65vh] flex-col">
        <CardContent ref={logRef} className="flex-1 space-y-3 overflow-y-auto pt-6" role="log" aria-live="polite" aria-label="Conversation">
          {messages.map((m) => (
            <div key={m.id} className={m.sender === 'user' ? 'flex justify-end' : 'flex justify-start'} data-sender={m.sender}>
              <div
                className={`flex max-w-[80%] items-start gap-2 rounded-lg px-3 py-2 ${m.sender === 'user' ? 'bg-primary text-primary-foreground' : 'bg-muted'}`}
              >
                {m.sender === 'bot' ? <Bot className="mt-0.5 size-4 shrink-0" aria-hidden /> : <User className="mt-0.5 size-4 shrink-0" aria-hidden />}
                <div className="space-y-1">
                  <p className="text-sm">{m.text}</p>
                  {m.links && m.links.length > 0 ? (
                    <ul className="flex flex-wrap gap-2">
                      {m.links.map((l) => (
                        <li key={l.to}>
                          <Link to={l.to} className="text-sm font-medium underline underline-offset-2">
                            {l.label}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </div>
            </div>
          ))}
          {typing ? (
            <p className="text-sm italic text-muted-foreground" data-testid="bot-typing">
              {BOT_TEXTS.typing}
            </p>
          ) : null}
        </CardContent>
        <CardFooter className="flex flex-col gap-3 border-t pt-4">
          <div className="flex w-full flex-wrap gap-2" role="group" aria-label={BOT_TEXTS.quickHeading}>
            {QUICK_QUESTIONS.map((q) => (
              <Button key={q.label} size="sm" variant="secondary" onClick={() => send(q.text)} disabled={typing}>
                {q.label}
              </Button>
            ))}
          </div>
          <form onSubmit={onSubmit} className="flex w-full gap-2">
            <Input aria-label={BOT_TEXTS.inputLabel} placeholder={BOT_TEXTS.placeholder} value={input} onChange={(e) => setInput(e.target.value)} />
            <Button type="submit" disabled={input.trim() === '' || typing}>
              <Send aria-hidden />
              {BOT_TEXTS.send}
            </Button>
          </form>
        </CardFooter>
      </Card>
    </div>
  );
}
