import { vi } from "vitest";

/** A module the web app fetches on demand, under a test's control (see `onDemandCode`). */
export interface OnDemandCode {
  /** How many times the app has fetched the module since `onDemandCode`. */
  readonly fetches: number;
  /** The first `failures` fetches fail, as when the connection drops; the test may change it before they happen. */
  failures: number;
  /** Lets the fetches held back (`{ heldBack: true }`) arrive, and every later one at once. */
  arrive(): void;
}

/**
 * Puts a module the web app fetches with `import()` (an entry of ON_DEMAND in scripts/build-plan/chunking.ts) under
 * the test's control: its real code is imported here, before the test fakes its clock or starts a wait, and the
 * app's fetches of it are counted, failed (`failures`) or held back until `arrive()` (`heldBack`).
 *
 * Why: a module's first import in a worker transforms it, which fake time does not move and which on a loaded
 * machine has outlasted a `findBy…` wait; a fetch that transforms inside the test races what the test waits for.
 * Here the transform is done before the test starts, and a fetch only waits for what the test decides.
 *
 * `module` is named from src/web (`"@/components/ui/select"`), as the mock is registered for the file it resolves
 * to, whoever imports it. Import the code under test afresh afterwards (`await import(…)`, after `vi.resetModules()`),
 * and in `afterEach` call `vi.doUnmock(module)` and `vi.resetModules()`.
 */
export async function onDemandCode(
  module: `@/${string}`,
  { failures = 0, heldBack = false }: { failures?: number; heldBack?: boolean } = {},
): Promise<OnDemandCode> {
  let release = () => undefined as void;
  const arrived = heldBack ? new Promise<void>((resolve) => (release = resolve)) : undefined;
  const actual = await vi.importActual(module);
  const code = { fetches: 0, failures, arrive: () => release() };
  vi.doMock(module, async () => {
    code.fetches++;
    if (code.fetches <= code.failures) throw new TypeError("Failed to fetch dynamically imported module");
    await arrived;
    return actual;
  });
  return code;
}
