import { Component, Suspense, type ErrorInfo, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

interface State {
  error: Error | null;
}

/** Catches a page's render failure so the navigation and footer stay usable. */
class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Page failed to render", error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-semibold">Something went wrong</h1>
        <p className="mt-2 text-muted-foreground">This page could not be shown. Reload to try again.</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </section>
    );
  }
}

/** Every routed page: its own error boundary and a loading state while its code arrives. */
export function PageBoundary({ children }: { children: ReactNode }) {
  return (
    <PageErrorBoundary>
      {/* A full-height fallback keeps the footer below the fold, so the page arriving causes no layout shift. */}
      <Suspense fallback={<Spinner className="min-h-screen" />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
