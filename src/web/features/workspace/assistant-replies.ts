import { ASSISTANT_REPLY_KEYWORDS } from "./constants";

/** SPEC §3 Chat message action. */
export interface ChatAction {
  id: string;
  label: string;
  type: "create" | "update";
}

export interface CannedReply {
  content: string;
  actions?: ChatAction[];
}

export const REPLIES = {
  status: {
    content:
      "Here's the current project status: Website Redesign is 65% complete and on track, Mobile App Launch is blocked on the API integration, and Data Platform Migration is in planning.",
  },
  task: {
    content:
      "I can help you create a new task. Tell me its name, who should own it and when it is due, or create it now and fill in the details later.",
    actions: [{ id: "create-task", label: "Create Task", type: "create" }],
  },
  team: {
    content:
      "Team assignments: Alice Johnson leads design, Bob Smith owns development, Carol Davis runs QA and Emma Wilson manages the mobile launch.",
    actions: [{ id: "update-assignments", label: "Update Assignments", type: "update" }],
  },
  fallback: {
    content:
      "I'm not sure I understood that. Could you be more specific? You can ask about project status, tasks or team assignments.",
  },
} as const satisfies Record<string, CannedReply>;

/** SPEC §9: the first keyword group the message contains picks the reply; anything else asks for more detail. */
export function cannedReply(message: string): CannedReply {
  const text = message.toLowerCase();
  for (const group of ["status", "task", "team"] as const) {
    if (ASSISTANT_REPLY_KEYWORDS[group].some((keyword) => text.includes(keyword))) return REPLIES[group];
  }
  return REPLIES.fallback;
}

/** SPEC §4 Chat: what the assistant says after an action is chosen. */
export const actionDoneMessage = (action: ChatAction) =>
  `Action "${action.label}" executed successfully. Changes have been applied to your project.`;
