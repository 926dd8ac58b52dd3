import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REALTIME_RECONNECT_DELAYS_MS } from "./reconnect-delays";
import { onDemandCode, type OnDemandCode } from "../../../testing/on-demand-code";
import { signedInAs } from "../../../testing/render-web";
import { fakeSockets } from "./fake-socket";

// The client's code is fetched on demand; these tests fail that fetch (use-realtime-channel.test.tsx covers the
// provider with its code there).
let net: ReturnType<typeof fakeSockets>;
let client: OnDemandCode;

beforeEach(async () => {
  // The real client is loaded before the clock is faked: fake time does not move its transform, and on a loaded
  // machine (CI) a transform still running inside the third fetch left the channel "closed" after the test had let
  // its imports settle.
  client = await onDemandCode("@/lib/realtime/realtime-client");
  vi.useFakeTimers();
  net = fakeSockets();
  vi.stubGlobal("WebSocket", function (url: string) {
    return net.createSocket(url);
  });
});
afterEach(async () => {
  // No import of one test may still be on its way into the next one's fresh modules.
  await vi.dynamicImportSettled();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.doUnmock("@/lib/realtime/realtime-client");
  vi.resetModules();
});

async function renderChannel() {
  // Imported afresh with the mock, and with the same modules as the provider (resetModules runs between tests).
  const { QueryClient, QueryClientProvider } = await import("@tanstack/react-query");
  const { AuthContext } = await import("../auth/auth-context");
  const { RealtimeProvider } = await import("./realtime-provider");
  const { useRealtimeChannel } = await import("./use-realtime-channel");
  function Channel() {
    return <p data-testid="connectors">{useRealtimeChannel("connectors")}</p>;
  }
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthContext value={signedInAs("alice@acme.com")}>
        <RealtimeProvider>
          <Channel />
        </RealtimeProvider>
      </AuthContext>
    </QueryClientProvider>,
  );
}

/**
 * Lets `ms` pass, then waits for the fetches of code started meanwhile to settle (they are real imports, which fake
 * time does not move) and for what follows from them.
 */
async function elapse(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await act(() => vi.dynamicImportSettled());
}

/** Lets time pass until the page's content is "shown" (afterContentPaint) and the first fetch has been made. */
async function untilFirstFetch() {
  for (let ms = 0; client.fetches === 0 && ms < 3000; ms++) await elapse(1);
  expect(client.fetches).toBe(1);
}

describe("the realtime provider when the client's code cannot be fetched", () => {
  it("keeps the channels closed and fetches again on the socket's reconnect schedule, then joins", async () => {
    client.failures = 2;
    await renderChannel();
    await untilFirstFetch();
    expect(screen.getByTestId("connectors")).toHaveTextContent("closed");
    expect(net.sockets).toHaveLength(0);

    await elapse(REALTIME_RECONNECT_DELAYS_MS[0] - 1);
    expect(client.fetches).toBe(1);
    await elapse(1);
    expect(client.fetches).toBe(2);
    expect(screen.getByTestId("connectors")).toHaveTextContent("closed");

    await elapse(REALTIME_RECONNECT_DELAYS_MS[1]);
    expect(client.fetches).toBe(3);
    expect(screen.getByTestId("connectors")).toHaveTextContent("joining");
    expect(net.sockets).toHaveLength(1);
  });

  it("stops trying once the signed-in area is left", async () => {
    client.failures = Infinity;
    const view = await renderChannel();
    await untilFirstFetch();
    view.unmount();
    await elapse(REALTIME_RECONNECT_DELAYS_MS.reduce((a, b) => a + b, 0));
    expect(client.fetches).toBe(1);
  });
});
