import { Component, Suspense, type ErrorInfo, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useLocation } from "@/lib/router";

interface Props {
  /** The route shown; a new one clears the error, so one failed page does not stand in for every other. */
  pathname: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  pathname: string;
}

/** Catches a page's render failure so the navigation and footer stay usable. */
class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, pathname: this.props.pathname };

  // The layout keeps this boundary mounted across its routes (React sees the same element type in the Outlet), so
  // its error would outlive the page that threw. Coming back to that page renders it afresh: it fails again only if
  // it still throws.
  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  static getDerivedStateFromError(error: Error): Partial<State> {
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
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary pathname={pathname}>
      {/* A full-height fallback keeps the footer below the fold, so the page arriving causes no layout shift. */}
      <Suspense fallback={<Spinner className="min-h-screen" />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
