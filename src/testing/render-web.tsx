import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, type RenderResult } from "@testing-library/react";
import { useState, type ReactElement, type ReactNode } from "react";
import { setAccessTokenSource } from "../web/lib/api-client";
import { MemoryRouter, useRoutes, type RouteObject } from "../web/lib/router";
import { AuthContext, type AuthContextValue } from "../web/lib/auth/auth-context";
import { ThemeProvider } from "../web/lib/theme";

export const anonymous: AuthContextValue = {
  user: null,
  session: null,
  loading: false,
  signInWithGoogle: async () => ({ error: null }),
  signOut: async () => undefined,
};

export function signedInAs(email: string, overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  const user = { id: "00000000-0000-4000-8000-000000000001", email };
  return {
    ...anonymous,
    user,
    session: { access_token: "a", expires_at: 0, token_type: "bearer", user },
    ...overrides,
  };
}

/**
 * A chosen auth state, as the app's hooks (useAuth) and its API client (the token it attaches) both see it: the
 * auth provider's part, without its client.
 */
export function TestAuth({ value, children }: { value: AuthContextValue; children: ReactNode }) {
  // While rendering, as the auth provider does: the page's queries start before any effect of this component.
  setAccessTokenSource(() => Promise.resolve(value.session?.access_token ?? null));
  return <AuthContext value={value}>{children}</AuthContext>;
}

interface Options {
  route?: string;
  auth?: AuthContextValue;
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Renders web UI with the app's providers, a memory router at `route`, and a chosen auth state; `setAuth` changes
 * it later, as an auth event does (another tab signing out, say).
 */
export function renderWeb(
  ui: ReactElement | RouteObject[],
  { route = "/", auth = anonymous }: Options = {},
): RenderResult & { setAuth: (next: AuthContextValue) => void } {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let change: (next: AuthContextValue) => void = () => undefined;
  function Auth({ children }: { children: ReactNode }) {
    const [value, setValue] = useState(auth);
    change = setValue;
    return <TestAuth value={value}>{children}</TestAuth>;
  }
  const result = render(
    <ThemeProvider>
      <QueryClientProvider client={client}>
        <Auth>
          <MemoryRouter initialEntries={[route]}>
            {Array.isArray(ui) ? <Routes routes={ui} /> : ui}
          </MemoryRouter>
        </Auth>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return {
    ...result,
    setAuth: (next) => {
      act(() => change(next));
    },
  };
}
