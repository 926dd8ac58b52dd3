import { act, render, screen } from "@testing-library/react";
import { useEffect } from "react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AUTH_ROUTES } from "@shared/auth";
import { ApiError, apiRequest } from "@/lib/api-client";
import { stubFetch } from "../../../testing/fake-fetch";
import { toast } from "@/lib/toast";
import { AuthClient, storageKeyFor } from "./auth-client";
import { useAuth } from "./auth-context";
import { AuthProvider } from "./auth-provider";

vi.mock("@/lib/toast", () => ({ toast: { error: vi.fn() } }));

const KEY = storageKeyFor(window.location.origin);
const user = {
  id: "u1",
  email: "ann@acme.com",
  name: "Ann",
  hd: "acme.com",
  email_verified: true,
  identities: [],
  factors: [],
};
const stored = () => ({
  access_token: "a1",
  token_type: "bearer",
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  user,
});

const seen: string[] = [];

function Probe() {
  const { user, session, loading, signInWithGoogle, signOut } = useAuth();
  seen.push(loading ? "loading" : user ? user.email : "anonymous");
  return (
    <div>
      <p data-testid="state">
        {loading ? "loading" : user ? `${user.email} ${session?.access_token}` : "anonymous"}
      </p>
      <button
        onClick={() => void signInWithGoogle().then((r) => (document.title = r.error ? "error" : "ok"))}
      >
        in
      </button>
      <button onClick={() => void signOut()}>out</button>
    </div>
  );
}

function clientWith(handlers: Record<string, () => unknown>, navigate = vi.fn()) {
  return new AuthClient({
    request: async <T,>(path: string): Promise<T> => {
      const h = handlers[path];
      if (!h) throw new Error(`unexpected ${path}`);
      return (await h()) as T;
    },
    navigate,
  });
}

beforeEach(() => {
  seen.length = 0;
  localStorage.clear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => vi.restoreAllMocks());

describe("AuthProvider", () => {
  it("holds a stored session it can adopt from its first render: never loading, and not drawn again for INITIAL_SESSION", async () => {
    localStorage.setItem(KEY, JSON.stringify(stored()));
    const client = clientWith({ [AUTH_ROUTES.user]: () => user });
    const initialSession = new Promise((resolve) => client.onAuthStateChange(resolve));
    render(
      <AuthProvider client={client}>
        <Probe />
      </AuthProvider>,
    );
    expect(seen).toEqual(["ann@acme.com"]);
    expect(screen.getByTestId("state")).toHaveTextContent("ann@acme.com a1");
    await act(() => initialSession);
    expect(seen).toEqual(["ann@acme.com"]);
  });

  it("is loading until the first auth event when the stored session must be refreshed first", async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({ ...stored(), expires_at: Math.floor(Date.now() / 1000) + 30 }),
    );
    let answer: (session: unknown) => void = () => undefined;
    const client = clientWith({
      [AUTH_ROUTES.refresh]: () => new Promise((resolve) => (answer = resolve)),
      [AUTH_ROUTES.user]: () => user,
    });
    render(
      <AuthProvider client={client}>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByTestId("state")).toHaveTextContent("loading");
    await act(async () => answer({ ...stored(), access_token: "a2" }));
    expect(await screen.findByText("ann@acme.com a2")).toBeInTheDocument();
    expect(seen[0]).toBe("loading");
  });

  it("ends loading with no user when nobody is signed in; signing out elsewhere clears the user", async () => {
    const client = clientWith({});
    render(
      <AuthProvider client={client}>
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText("anonymous")).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: KEY, newValue: JSON.stringify(stored()) }));
    });
    expect(screen.getByTestId("state")).toHaveTextContent("ann@acme.com a1");
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: KEY, newValue: null }));
    });
    expect(screen.getByTestId("state")).toHaveTextContent("anonymous");
  });

  it("signOut clears session and user", async () => {
    localStorage.setItem(KEY, JSON.stringify(stored()));
    const client = clientWith({ [AUTH_ROUTES.user]: () => user, [AUTH_ROUTES.signOut]: () => undefined });
    render(
      <AuthProvider client={client}>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText("ann@acme.com a1");
    await userEvent.click(screen.getByRole("button", { name: "out" }));
    expect(await screen.findByText("anonymous")).toBeInTheDocument();
  });

  it("a provider error is a destructive 'Authentication Error' toast with its message, logged and returned", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const client = clientWith({
      [AUTH_ROUTES.start]: () => {
        throw new ApiError(503, "provider_unavailable", "Google sign-in is not reachable right now.");
      },
    });
    render(
      <AuthProvider client={client}>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText("anonymous");
    await userEvent.click(screen.getByRole("button", { name: "in" }));
    await vi.waitFor(() => expect(document.title).toBe("error"));
    expect(toast.error).toHaveBeenCalledWith("Authentication Error", {
      description: "Google sign-in is not reachable right now.",
    });
    expect(log).toHaveBeenCalledWith("Authentication Error: Google sign-in is not reachable right now.");
  });

  it("an exception gets the generic message", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const client = clientWith({
      [AUTH_ROUTES.start]: () => {
        throw new TypeError("boom");
      },
    });
    render(
      <AuthProvider client={client}>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText("anonymous");
    await userEvent.click(screen.getByRole("button", { name: "in" }));
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Authentication Error", {
        description: "An unexpected error occurred during authentication",
      }),
    );
  });

  it("a successful start sends the browser to the provider", async () => {
    const navigate = vi.fn();
    const client = clientWith(
      { [AUTH_ROUTES.start]: () => ({ url: "http://localhost:3000/dev/oidc/auth?x" }) },
      navigate,
    );
    render(
      <AuthProvider client={client}>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText("anonymous");
    await userEvent.click(screen.getByRole("button", { name: "in" }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith("http://localhost:3000/dev/oidc/auth?x"));
    expect(toast.error).not.toHaveBeenCalled();
  });

  describe("the token the API client attaches", () => {
    afterEach(() => vi.unstubAllGlobals());

    /** A page asking the API for something as it first mounts, as a query does. */
    function Asks() {
      useEffect(() => void apiRequest("/api/things").catch(() => undefined), []);
      return null;
    }

    it("a page's first request, made before the provider's effects run, carries the adopted session's token", async () => {
      localStorage.setItem(KEY, JSON.stringify(stored()));
      const api = stubFetch({ "GET /api/things": () => ({ body: {} }) });
      const client = clientWith({ [AUTH_ROUTES.user]: () => user });
      render(
        <AuthProvider client={client}>
          <Asks />
        </AuthProvider>,
      );
      await vi.waitFor(() => expect(api.calls).toHaveLength(1));
      expect(api.calls[0]!.headers.get("authorization")).toBe("Bearer a1");
    });

    it("one due for a refresh is sent with the refreshed token, from the provider's one refresh", async () => {
      localStorage.setItem(
        KEY,
        JSON.stringify({ ...stored(), expires_at: Math.floor(Date.now() / 1000) + 30 }),
      );
      const api = stubFetch({ "GET /api/things": () => ({ body: {} }) });
      const refresh = vi.fn(() => ({ ...stored(), access_token: "a2" }));
      const client = clientWith({ [AUTH_ROUTES.refresh]: refresh, [AUTH_ROUTES.user]: () => user });
      render(
        <AuthProvider client={client}>
          <Asks />
        </AuthProvider>,
      );
      await vi.waitFor(() => expect(api.calls).toHaveLength(1));
      expect(api.calls[0]!.headers.get("authorization")).toBe("Bearer a2");
      expect(refresh).toHaveBeenCalledTimes(1);
    });

    it("signed out, a request goes without one", async () => {
      const api = stubFetch({ "GET /api/things": () => ({ status: 401 }) });
      render(
        <AuthProvider client={clientWith({})}>
          <Asks />
        </AuthProvider>,
      );
      await vi.waitFor(() => expect(api.calls).toHaveLength(1));
      expect(api.calls[0]!.headers.has("authorization")).toBe(false);
    });
  });
});
