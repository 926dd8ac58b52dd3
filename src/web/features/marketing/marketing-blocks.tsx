import { ArrowRight, CircleCheck, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button-link";
import { HeroBackdrop } from "@/components/ui/hero-backdrop";
import { IconTile } from "@/components/ui/icon-tile";
import { cn } from "@/lib/cn";

/** The opening band of a marketing page: eyebrow, the page's h1, a lead paragraph and optional extras. */
export function PageHero({
  eyebrow,
  title,
  description,
  children,
}: {
  eyebrow: string;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="page-title"
      className="relative isolate overflow-hidden px-4 pb-16 pt-16 sm:px-6 sm:pt-24"
    >
      <HeroBackdrop placement="top" />
      <div className="mx-auto max-w-4xl text-center">
        <p className="inline-flex items-center rounded-full border bg-card px-4 py-1.5 text-sm font-medium text-primary">
          {eyebrow}
        </p>
        <h1
          id="page-title"
          className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
        >
          {title}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-muted-foreground sm:text-xl">
          {description}
        </p>
      </div>
      {children}
    </section>
  );
}

/** A page section named by its heading; `tinted` gives alternating sections a faint band. */
export function Section({
  labelledBy,
  tinted = false,
  className,
  children,
}: {
  labelledBy: string;
  tinted?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={cn("px-4 py-20 sm:px-6 sm:py-24", tinted && "bg-muted/30", className)}
    >
      <div className="mx-auto max-w-6xl">{children}</div>
    </section>
  );
}

/** A card with an icon, an h3 title and its text. */
export function FeatureCard({
  icon,
  title,
  children,
  className,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <li
      className={cn(
        "group flex flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-sm transition-colors hover:border-primary/50",
        className,
      )}
    >
      <IconTile icon={icon} className="transition-transform motion-safe:group-hover:scale-110" />
      <h3 className="mt-5 text-lg font-semibold tracking-tight">{title}</h3>
      <div className="mt-2 leading-relaxed text-muted-foreground">{children}</div>
    </li>
  );
}

export interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** Feature cards in a grid; `className` sets the columns. */
export function FeatureGrid({ items, className }: { items: readonly Feature[]; className: string }) {
  return (
    <ul className={cn("mt-14 grid gap-6", className)}>
      {items.map(({ icon, title, text }) => (
        <FeatureCard key={title} icon={icon} title={title}>
          <p>{text}</p>
        </FeatureCard>
      ))}
    </ul>
  );
}

/** Points each led by a check mark. */
export function CheckList({
  items,
  className,
  label,
  small = false,
}: {
  items: readonly string[];
  className?: string;
  label?: string;
  small?: boolean;
}) {
  return (
    <ul aria-label={label} className={className}>
      {items.map((item) => (
        <li key={item} className={cn("flex", small ? "gap-2" : "gap-3")}>
          <CircleCheck
            className={cn("shrink-0 text-primary", small ? "size-4 translate-y-0.5" : "mt-0.5 size-5")}
            aria-hidden="true"
          />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** The closing call to action of a marketing page: a heading, a line and the "Contact Us" button to /contact. */
export function ContactCta({ title, description }: { title: string; description: ReactNode }) {
  return (
    <section aria-labelledby="contact-cta-title" className="px-4 pb-24 pt-4 sm:px-6">
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl border bg-card px-6 py-16 text-center text-card-foreground shadow-xl sm:px-12">
        <div
          aria-hidden="true"
          className="absolute -top-24 left-1/2 -z-10 size-96 -translate-x-1/2 rounded-full bg-primary/20 blur-3xl"
        />
        <h2 id="contact-cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-muted-foreground">{description}</p>
        <ButtonLink to="/contact" size="lg" className="mt-8">
          Contact Us
          <ArrowRight aria-hidden="true" />
        </ButtonLink>
      </div>
    </section>
  );
}
