import { useCallback, useEffect, useRef, useState } from "react";
import { ASSISTANT_REPLY_DELAY_MS } from "./constants";
import { actionDoneMessage, cannedReply, type ChatAction } from "./assistant-replies";

/** SPEC §3 Chat message. */
export interface ChatMessage {
  id: string;
  type: "user" | "ai";
  content: string;
  timestamp: Date;
  actions?: ChatAction[];
}

export const GREETING =
  "Hi! I'm your Pulse assistant. Ask me about project status, tasks or team assignments.";

/**
 * The simulated assistant of SPEC §4 Chat: sending appends the user's message, shows typing, and after
 * ASSISTANT_REPLY_DELAY_MS appends the canned reply. Kept by the page so it survives switching panels on a phone.
 */
export function useAssistantChat() {
  const nextId = useRef(0);
  const newId = () => `m${++nextId.current}`;
  const [messages, setMessages] = useState<ChatMessage[]>(() => [
    { id: "m0", type: "ai", content: GREETING, timestamp: new Date() },
  ]);
  const [input, setInput] = useState("");
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const send = useCallback(() => {
    const text = input.trim();
    if (!text || typing) return;
    setMessages((list) => [...list, { id: newId(), type: "user", content: text, timestamp: new Date() }]);
    setInput("");
    setTyping(true);
    timer.current = setTimeout(() => {
      const reply = cannedReply(text);
      setMessages((list) => [
        ...list,
        { id: newId(), type: "ai", content: reply.content, actions: reply.actions, timestamp: new Date() },
      ]);
      setTyping(false);
    }, ASSISTANT_REPLY_DELAY_MS);
  }, [input, typing]);

  const runAction = useCallback((action: ChatAction) => {
    setMessages((list) => [
      ...list,
      { id: newId(), type: "ai", content: actionDoneMessage(action), timestamp: new Date() },
    ]);
  }, []);

  return { messages, input, setInput, typing, send, runAction };
}

export type AssistantChat = ReturnType<typeof useAssistantChat>;
