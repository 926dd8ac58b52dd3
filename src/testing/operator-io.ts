/** An operator command's output and error lines, kept for a test to read (the commands' `io` in src/server/cli/). */
export function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}
