import { Bot, Send, User } from "lucide-react";
import { useEffect, useRef } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { CHAT_TIME_FORMAT } from "./constants";
import type { AssistantChat } from "./use-assistant-chat";

export const QUICK_PROMPTS = [
  "What's the current project status?",
  "Create a new task",
  "Show team assignments",
  "Generate progress report",
] as const;

const formatTime = (date: Date) => date.toLocaleTimeString("en-US", CHAT_TIME_FORMAT);

/** SPEC §2 AI assistant panel over the simulated chat. */
export function AssistantPanel({ chat, hasContext }: { chat: AssistantChat; hasContext: boolean }) {
  const { messages, input, setInput, typing, send, runAction } = chat;
  const end = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // Keep the newest message in view as the conversation grows. Not when the panel first shows: the page opens where
  // it is, not scrolled to the chat (on a phone the chat is another tab), and nothing has to be laid out to paint.
  const shown = useRef({ messages: messages.length, typing });
  useEffect(() => {
    if (shown.current.messages === messages.length && shown.current.typing === typing) return;
    shown.current = { messages: messages.length, typing };
    end.current?.scrollIntoView({ block: "nearest" });
  }, [messages.length, typing]);

  return (
    <section aria-labelledby="assistant-title" className="flex h-full flex-col">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b p-3">
        <h2 id="assistant-title" className="flex items-center gap-2 font-semibold">
          <Bot aria-hidden="true" className="size-5 text-primary" />
          AI Assistant
        </h2>
        {hasContext && <Badge variant="secondary">Context: Project Selected</Badge>}
      </div>
      <div className="flex flex-wrap gap-2 border-b p-3">
        {QUICK_PROMPTS.map((prompt) => (
          <Button
            key={prompt}
            type="button"
            variant="outline"
            size="sm"
            className="h-auto min-h-8 whitespace-normal py-1 text-left text-xs"
            onClick={() => {
              setInput(prompt);
              inputRef.current?.focus();
            }}
          >
            {prompt}
          </Button>
        ))}
      </div>
      <div
        role="log"
        aria-live="polite"
        aria-label="Conversation"
        tabIndex={0}
        className="min-h-0 flex-1 space-y-3 overflow-y-auto p-3"
      >
        {messages.map((m) => (
          <article
            key={m.id}
            aria-label={m.type === "user" ? "You" : "AI Assistant"}
            className={cn("flex gap-2", m.type === "user" && "flex-row-reverse")}
          >
            <span
              aria-hidden="true"
              className={cn(
                "flex size-7 shrink-0 items-center justify-center rounded-full",
                m.type === "user" ? "bg-primary text-primary-foreground" : "bg-muted",
              )}
            >
              {m.type === "user" ? <User className="size-4" /> : <Bot className="size-4" />}
            </span>
            <div
              className={cn(
                "max-w-[85%] rounded-lg px-3 py-2 text-sm",
                m.type === "user" ? "bg-primary text-primary-foreground" : "bg-muted",
              )}
            >
              <p className="whitespace-pre-wrap">{m.content}</p>
              {m.actions && m.actions.length > 0 && (
                <div className="mt-2 flex flex-wrap gap-2">
                  {m.actions.map((action) => (
                    <Button
                      key={action.id}
                      type="button"
                      size="sm"
                      variant="secondary"
                      onClick={() => runAction(action)}
                    >
                      {action.label}
                    </Button>
                  ))}
                </div>
              )}
              <time
                dateTime={m.timestamp.toISOString()}
                className={cn(
                  "mt-1 block text-xs",
                  m.type === "user" ? "text-primary-foreground/80" : "text-muted-foreground",
                )}
              >
                {formatTime(m.timestamp)}
              </time>
            </div>
          </article>
        ))}
        {typing && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Bot aria-hidden="true" className="size-4" />
            AI is typing...
          </p>
        )}
        <div ref={end} />
      </div>
      <form
        className="flex gap-2 border-t p-3"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <Input
          ref={inputRef}
          aria-label="Message"
          placeholder="Ask about your project..."
          value={input}
          onChange={(e) => setInput(e.target.value)}
          className="h-9"
        />
        <Button
          type="submit"
          size="icon"
          className="size-9"
          aria-label="Send message"
          disabled={!input.trim() || typing}
        >
          <Send aria-hidden="true" />
        </Button>
      </form>
    </section>
  );
}
