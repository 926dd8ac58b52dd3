import { describe, expect, it } from "vitest";
import { actionDoneMessage, cannedReply, REPLIES } from "./assistant-replies";

describe("cannedReply", () => {
  it.each([
    ["What's the current project status?", REPLIES.status],
    ["Generate progress report", REPLIES.status],
    ["Create a new task", REPLIES.task],
    ["please CREATE something", REPLIES.task],
    ["Show team assignments", REPLIES.team],
    ["who do I assign?", REPLIES.team],
    ["hello", REPLIES.fallback],
  ])("%s", (message, reply) => {
    expect(cannedReply(message)).toBe(reply);
  });

  it("asks the user to be more specific when nothing matches", () => {
    expect(REPLIES.fallback.content).toMatch(/more specific/);
  });

  it("says an action was executed and changes applied", () => {
    expect(actionDoneMessage({ id: "a", label: "Create Task", type: "create" })).toBe(
      'Action "Create Task" executed successfully. Changes have been applied to your project.',
    );
  });
});
