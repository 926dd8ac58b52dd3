import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
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

interface Options {
  route?: string;
  auth?: AuthContextValue;
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Renders web UI with the app's providers, a memory router at `route`, and a chosen auth state. */
export function renderWeb(
  ui: ReactElement | RouteObject[],
  { route = "/", auth = anonymous }: Options = {},
): RenderResult {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ThemeProvider>
      <QueryClientProvider client={client}>
        <AuthContext value={auth}>
          <MemoryRouter initialEntries={[route]}>
            {Array.isArray(ui) ? <Routes routes={ui} /> : ui}
          </MemoryRouter>
        </AuthContext>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}
