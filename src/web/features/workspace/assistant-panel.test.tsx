import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AssistantPanel } from "./assistant-panel";
import { REPLIES } from "./assistant-replies";
import { useAssistantChat } from "./use-assistant-chat";

function Harness({ hasContext = false }: { hasContext?: boolean }) {
  return <AssistantPanel chat={useAssistantChat()} hasContext={hasContext} />;
}

const log = () => screen.getByRole("log", { name: "Conversation" });
const input = () => screen.getByRole("textbox", { name: "Message" });
const sendButton = () => screen.getByRole("button", { name: "Send message" });

describe("AssistantPanel", () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(() => {
    // Only timers and the clock: user-event and React need the real microtask and scheduling machinery.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    vi.setSystemTime(new Date(2025, 4, 14, 9, 5));
    user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  });
  afterEach(() => vi.useRealTimers());

  it("has its title, input placeholder, quick prompts and a polite message log", () => {
    render(<Harness />);
    expect(screen.getByRole("heading", { name: "AI Assistant" })).toBeInTheDocument();
    expect(input()).toHaveAttribute("placeholder", "Ask about your project...");
    expect(log()).toHaveAttribute("aria-live", "polite");
    for (const prompt of [
      "What's the current project status?",
      "Create a new task",
      "Show team assignments",
      "Generate progress report",
    ])
      expect(screen.getByRole("button", { name: prompt })).toBeInTheDocument();
    expect(screen.queryByText("Context: Project Selected")).toBeNull();
  });

  it('shows "Context: Project Selected" with a project in context', () => {
    render(<Harness hasContext />);
    expect(screen.getByText("Context: Project Selected")).toBeInTheDocument();
  });

  it("a quick prompt fills the input without sending", async () => {
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Show team assignments" }));
    expect(input()).toHaveValue("Show team assignments");
    expect(within(log()).queryByRole("article", { name: "You" })).toBeNull();
  });

  it("ignores empty and whitespace messages; send is disabled while empty", async () => {
    render(<Harness />);
    expect(sendButton()).toBeDisabled();
    await user.type(input(), "   ");
    expect(sendButton()).toBeDisabled();
    await user.keyboard("{Enter}");
    expect(within(log()).queryByRole("article", { name: "You" })).toBeNull();
    expect(screen.queryByText("AI is typing...")).toBeNull();
  });

  it("Enter sends: the message appears with an en-US time, the input clears, typing shows, the reply comes after exactly 1.5 s", async () => {
    render(<Harness />);
    await user.type(input(), "What's the current project status?{Enter}");
    const mine = within(log()).getByRole("article", { name: "You" });
    expect(mine).toHaveTextContent("What's the current project status?");
    expect(within(mine).getByText("09:05 AM")).toBeInTheDocument();
    expect(input()).toHaveValue("");
    expect(screen.getByText("AI is typing...")).toBeInTheDocument();
    await user.type(input(), "more");
    expect(sendButton()).toBeDisabled();

    act(() => vi.advanceTimersByTime(1_499));
    expect(screen.queryByText(REPLIES.status.content)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(REPLIES.status.content)).toBeInTheDocument();
    expect(screen.queryByText("AI is typing...")).toBeNull();
    expect(sendButton()).toBeEnabled();
  });

  it.each([
    ["Generate progress report", REPLIES.status.content],
    ["Create a new task", REPLIES.task.content],
    ["Show team assignments", REPLIES.team.content],
    ["Hello there", REPLIES.fallback.content],
  ])("the send button sends %j and gets its canned reply", async (message, reply) => {
    render(<Harness />);
    await user.type(input(), message);
    await user.click(sendButton());
    act(() => vi.advanceTimersByTime(1_500));
    const replies = within(log()).getAllByRole("article", { name: "AI Assistant" });
    expect(replies.at(-1)).toHaveTextContent(reply);
  });

  it("an action button appends the assistant's confirmation", async () => {
    render(<Harness />);
    await user.type(input(), "Create a new task{Enter}");
    act(() => vi.advanceTimersByTime(1_500));
    await user.click(screen.getByRole("button", { name: "Create Task" }));
    const replies = within(log()).getAllByRole("article", { name: "AI Assistant" });
    expect(replies.at(-1)).toHaveTextContent(
      'Action "Create Task" executed successfully. Changes have been applied to your project.',
    );
  });

  it("keeps the newest message in view as the conversation grows, but does not scroll when it first shows", async () => {
    const scroll = vi.spyOn(Element.prototype, "scrollIntoView");
    render(<Harness />);
    expect(scroll).not.toHaveBeenCalled();
    await user.type(input(), "status{Enter}");
    expect(scroll).toHaveBeenCalled();
  });
});
