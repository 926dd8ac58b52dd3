/* The Technology page (SPEC §2, §9): its steps, highlighted one after another. */

export const TECHNOLOGY_STEP_MS = 2_000;
export const TECHNOLOGY_STEPS = ["Input", "AI Processing", "Optimization", "Output"] as const;
