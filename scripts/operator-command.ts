// The operator commands' shared code moved to src/server/cli/lib, where the bundled commands find it; this path
// stays for the development tools that import it (scripts/seed.ts, bench/streams-candidates.ts).
export * from "../src/server/cli/lib/operator-command";
