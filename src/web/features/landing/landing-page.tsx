import {
  Activity,
  ArrowRight,
  BellRing,
  BrainCircuit,
  ChevronDown,
  FilePlus,
  Layers,
  MessagesSquare,
  RefreshCw,
  Sparkles,
  SquareKanban,
  TrendingUp,
  Zap,
  type LucideIcon,
} from "lucide-react";
import { HeroBackdrop } from "@/components/ui/hero-backdrop";
import { PRODUCT_NAME } from "@/lib/product-name";
import { SCROLL_THRESHOLD_PX } from "@/lib/use-scrolled-past";
import { Button } from "@/components/ui/button";
import { ButtonLink } from "@/components/ui/button-link";
import { IconTile } from "@/components/ui/icon-tile";
import { SectionHeader } from "@/components/ui/section-header";
import { cn } from "@/lib/cn";
import { Link } from "@/lib/router";
import { useHydrated } from "@/lib/use-hydrated";
import { usePageTitle } from "@/lib/use-page-title";
import { useScrolledPast } from "@/lib/use-scrolled-past";

// This chunk downloads with the entry for "/": lucide icons and CSS only, no icon sets or animation libraries.

const CLAIMS: { icon: LucideIcon; label: string }[] = [
  { icon: Zap, label: "Real-time coordination" },
  { icon: TrendingUp, label: "Predictive insights" },
  { icon: Sparkles, label: "Intelligent automation" },
];

/** SPEC §1: the four feature cards. */
const FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: BrainCircuit,
    title: "AI-Powered Predictive Execution",
    text: "Pulse learns how your projects really move and forecasts slipping dates, bottlenecks and overloaded owners days before they reach a status report.",
  },
  {
    icon: Layers,
    title: "Unified Cross-Platform Visibility",
    text: "Tasks, threads, e-mails and meeting notes from every tool come together in one live view, so the whole team works from the same picture.",
  },
  {
    icon: BellRing,
    title: "Smart, Role-Based Notifications",
    text: "Leaders get the headline, project managers get the risks, contributors get their next step — each on the channel they prefer, without the noise.",
  },
  {
    icon: RefreshCw,
    title: "Seamless Integration and Sync",
    text: "Connect Asana, Jira, Slack, Google Workspace and more in a few clicks. Pulse stays in sync continuously, with no migration and no new habits to learn.",
  },
];

const SOURCES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: SquareKanban,
    title: "Task trackers",
    text: "Bring in projects and tasks from Asana, Jira and Trello with their owners and due dates intact.",
  },
  {
    icon: MessagesSquare,
    title: "Chat and meeting tools",
    text: "Pulse finds the work hiding in Slack threads, Gmail, Zoom and Google Meet and turns it into Streams you can act on.",
  },
  {
    icon: FilePlus,
    title: "Start from scratch",
    text: "Nothing to connect yet? Create a PulseMap in minutes and add Pulses as your plan takes shape.",
  },
];

/** SPEC §2 Landing page: what "/" shows an anonymous visitor. */
export default function LandingPage() {
  usePageTitle(undefined);
  return (
    <>
      <Hero />
      <Statement />
      <Features />
      <Sources />
      <CallToAction />
    </>
  );
}

function Hero() {
  return (
    <section
      aria-labelledby="landing-title"
      className="relative isolate flex min-h-[calc(100svh-4rem)] flex-col items-center justify-center overflow-hidden px-4 pb-28 pt-12 text-center sm:px-6"
    >
      <HeroBackdrop placement="center" />

      <p className="flex items-center gap-3 text-3xl font-bold tracking-tight sm:text-4xl">
        <span className="relative flex size-12 items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-lg shadow-primary/30">
          <Activity className="size-7" aria-hidden="true" />
          <span
            aria-hidden="true"
            className="absolute inset-0 rounded-2xl ring-2 ring-primary/60 motion-safe:animate-ping motion-safe:[animation-duration:2.5s]"
          />
        </span>
        {PRODUCT_NAME}
      </p>

      <h1
        id="landing-title"
        className="mt-8 max-w-4xl text-4xl font-extrabold tracking-tight text-balance sm:text-6xl lg:text-7xl"
      >
        AI-Driven Project Intelligence Platform
      </h1>
      <p className="mt-6 max-w-2xl text-base text-pretty text-muted-foreground sm:text-xl">
        {PRODUCT_NAME} sits on top of the tools your teams already use, turns scattered tickets, threads and
        meeting notes into one live view of every project, and warns you about delays while there is still
        time to act.
      </p>

      <ul aria-label="Highlights" className="mt-8 flex flex-wrap justify-center gap-3">
        {CLAIMS.map(({ icon: Icon, label }) => (
          <li
            key={label}
            className="inline-flex items-center gap-2 rounded-full border bg-card/70 px-4 py-2 text-sm font-medium backdrop-blur"
          >
            <Icon className="size-4 text-primary" aria-hidden="true" />
            {label}
          </li>
        ))}
      </ul>

      <div className="mt-10 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/product">
            Explore the Platform
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/technology">See How It Works</Link>
        </Button>
      </div>

      <ScrollHint />
    </section>
  );
}

/** Visible only while the page is scrolled less than SPEC's 50 px; a click scrolls to the content. */
function ScrollHint() {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX, { inclusive: true });
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      disabled={!hydrated}
      onClick={() => document.getElementById("overview")?.scrollIntoView()}
      // visibility (after the fade) also takes the hidden hint out of the tab order and the accessibility tree.
      style={{ visibility: scrolled ? "hidden" : "visible" }}
      className={cn(
        "absolute bottom-6 left-1/2 flex -translate-x-1/2 flex-col items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-[opacity,visibility] duration-300 hover:text-foreground disabled:pointer-events-none disabled:opacity-50",
        scrolled ? "opacity-0" : "opacity-100",
      )}
    >
      Scroll to explore
      <ChevronDown className="size-5 motion-safe:animate-bounce" aria-hidden="true" />
    </button>
  );
}

function Statement() {
  return (
    <section
      id="overview"
      aria-labelledby="statement-title"
      className="scroll-mt-16 px-4 py-20 sm:px-6 sm:py-24"
    >
      <div className="relative mx-auto max-w-4xl overflow-hidden rounded-3xl border bg-card p-8 text-card-foreground shadow-xl shadow-primary/5 sm:p-12">
        <div
          aria-hidden="true"
          className="absolute inset-x-0 top-0 h-1 bg-gradient-to-r from-primary/0 via-primary to-primary/0"
        />
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">Why {PRODUCT_NAME}</p>
        <h2 id="statement-title" className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Projects don&apos;t fail overnight. They drift.
        </h2>
        <p className="mt-6 text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
          A decision gets buried in a meeting. A dependency slips in Jira. A blocker sits unread in Slack. By
          the time the weekly status report catches it, the deadline is already at risk.
        </p>
        <p className="mt-4 text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
          {PRODUCT_NAME} connects those signals the moment they happen, so your team sees the drift early and
          corrects course while it is still cheap to do so. Built by project managers, for teams that cannot
          afford to miss a date.
        </p>
      </div>
    </section>
  );
}

function Features() {
  return (
    <section aria-labelledby="features-title" className="bg-muted/30 px-4 py-20 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionHeader
          id="features-title"
          eyebrow="Features"
          title="Everything your team needs to deliver on time"
          description="Four capabilities work together to turn the noise of day-to-day work into clear, timely decisions."
        />
        <ul className="mt-14 grid gap-6 md:grid-cols-2">
          {FEATURES.map(({ icon, title, text }) => (
            <li
              key={title}
              className="group flex flex-col gap-5 rounded-2xl border bg-card p-6 text-card-foreground shadow-sm transition-colors hover:border-primary/50 sm:flex-row sm:p-8"
            >
              <IconTile icon={icon} className="transition-transform motion-safe:group-hover:scale-110" />
              <div>
                <h3 className="text-xl font-semibold tracking-tight">{title}</h3>
                <p className="mt-2 leading-relaxed text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Sources() {
  return (
    <section aria-labelledby="sources-title" className="px-4 py-20 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionHeader
          id="sources-title"
          eyebrow="Get started your way"
          title="Bring your work in, or start fresh"
          description="Work can be pulled from task trackers, chat and meeting tools, or started from scratch. Pulse meets your team where it already works."
        />
        <ol className="mt-14 grid gap-6 md:grid-cols-3">
          {SOURCES.map(({ icon, title, text }) => (
            <li key={title} className="rounded-2xl border bg-card p-6 text-card-foreground shadow-sm">
              <IconTile icon={icon} />
              <h3 className="mt-5 text-lg font-semibold">{title}</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function CallToAction() {
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-24 pt-4 sm:px-6">
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl border bg-card px-6 py-16 text-center text-card-foreground shadow-xl sm:px-12">
        <div
          aria-hidden="true"
          className="absolute -top-24 left-1/2 -z-10 size-96 -translate-x-1/2 rounded-full bg-primary/20 blur-3xl"
        />
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Ready to Transform Your Projects?
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-muted-foreground">
          Tell us about your team and the projects you run. We will show you how {PRODUCT_NAME} brings
          predictive insight and calm coordination to your work.
        </p>
        <ButtonLink to="/contact" size="lg" className="mt-8">
          Contact Us
          <ArrowRight aria-hidden="true" />
        </ButtonLink>
      </div>
    </section>
  );
}
