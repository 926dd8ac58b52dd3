import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/toaster";
import { AuthProvider } from "@/lib/auth/auth-provider";
import { ThemeProvider, useTheme } from "@/lib/theme";

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return <Toaster theme={resolvedTheme} />;
}

/**
 * Everything every page relies on: theme, auth and the toast region. `startSignedOut`: see AuthProvider (the
 * server's pre-render and a browser hydrating it). The data cache is not here: the parts that query bring it
 * (src/web/lib/query-client.tsx), so the query library stays out of the first download.
 */
export function AppProviders({
  children,
  startSignedOut,
}: {
  children: ReactNode;
  startSignedOut?: boolean;
}) {
  return (
    <ThemeProvider>
      <AuthProvider startSignedOut={startSignedOut}>
        {children}
        <ThemedToaster />
      </AuthProvider>
    </ThemeProvider>
  );
}
