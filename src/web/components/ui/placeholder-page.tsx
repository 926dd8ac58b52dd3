import { usePageTitle } from "@/lib/use-page-title";

/** A clearly titled stand-in for a page whose own issue has not landed yet. */
export function PlaceholderPage({ title, description }: { title: string; description?: string }) {
  usePageTitle(title);
  return (
    <section className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-muted-foreground">{description ?? "This area of Pulse is on its way."}</p>
    </section>
  );
}
