import { Loader2, Mail } from "lucide-react";
import { lazy, Suspense } from "react";
import { PRODUCT_NAME } from "@/lib/product-name";
import { Card, CardContent } from "@/components/ui/card";
import { useHydrated } from "@/lib/use-hydrated";
import { usePageTitle } from "@/lib/use-page-title";

// The form (with zod and the shared schema) is a chunk of its own: the page's heading paints without waiting for it.
const ContactForm = lazy(() => import("./contact-form"));

/** SPEC §2 Contact page (/contact). */
export default function ContactPage() {
  usePageTitle("Contact");
  // The form is rendered only once the app runs the page: in the pre-rendered HTML it could be filled in, and
  // sent natively with the visitor's data in the URL, before the app had taken it over.
  const appRunning = useHydrated();
  return (
    <section aria-labelledby="contact-title" className="mx-auto max-w-3xl px-4 py-16 sm:py-24">
      <div className="text-center">
        <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Mail className="size-6" aria-hidden="true" />
        </span>
        <h1 id="contact-title" className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          Contact Us
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-muted-foreground">
          Want to see what {PRODUCT_NAME} can do for your team, need access to the platform, or want to join
          us? Send us a message and we will get back to you.
        </p>
      </div>
      <Card className="mt-10">
        <CardContent className="p-6 sm:p-8">
          {appRunning ? (
            <Suspense fallback={<FormLoading />}>
              <ContactForm />
            </Suspense>
          ) : (
            <FormLoading />
          )}
        </CardContent>
      </Card>
    </section>
  );
}

/** Holds the form's place (no layout shift when it arrives). */
function FormLoading() {
  return (
    <div
      role="status"
      className="flex min-h-[560px] items-center justify-center gap-2 text-sm text-muted-foreground"
    >
      <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading the contact form…
    </div>
  );
}
