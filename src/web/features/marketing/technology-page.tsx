import {
  BrainCircuit,
  ChartLine,
  Gauge,
  Inbox,
  Pause,
  Play,
  Send,
  ShieldCheck,
  Sparkles,
  Workflow,
  type LucideIcon,
} from "lucide-react";
import { useState } from "react";
import { PRODUCT_NAME } from "@/lib/product-name";
import { TECHNOLOGY_STEP_MS, TECHNOLOGY_STEPS } from "./constants";
import { Button } from "@/components/ui/button";
import { IconTile } from "@/components/ui/icon-tile";
import { SectionHeader } from "@/components/ui/section-header";
import { cn } from "@/lib/cn";
import { useHydrated } from "@/lib/use-hydrated";
import { usePageTitle } from "@/lib/use-page-title";
import { IntegrationLogos } from "./integration-logos";
import { CheckList, ContactCta, PageHero, Section } from "./marketing-blocks";
import { useStepCycle } from "./use-step-cycle";

type StepName = (typeof TECHNOLOGY_STEPS)[number];

const STEP_DETAILS: Record<StepName, { icon: LucideIcon; text: string }> = {
  Input: {
    icon: Inbox,
    text: "Tasks, messages, e-mails, calendar events and meeting transcripts flow in from your connected tools.",
  },
  "AI Processing": {
    icon: Sparkles,
    text: "Language models read every update, match it to the right project and pull out owners, dates, decisions and blockers.",
  },
  Optimization: {
    icon: Gauge,
    text: "Predictive models weigh progress against deadlines and dependencies to find risks and the best next move.",
  },
  Output: {
    icon: Send,
    text: "Clear timelines, early warnings and role-based notifications reach the right people where they already work.",
  },
};

const STACK: { icon: LucideIcon; title: string; text: string; points: string[] }[] = [
  {
    icon: BrainCircuit,
    title: "Large Language Models",
    text: "Understand natural language across messages, e-mails, documents and meeting transcripts.",
    points: [
      "Extract tasks, owners, dates and decisions",
      "Link each update to the right PulseMap",
      "Power the conversational project assistant",
    ],
  },
  {
    icon: ChartLine,
    title: "Predictive Analytics",
    text: "Models of how work really progresses forecast risk for every project, task and owner.",
    points: [
      "Delay and bottleneck forecasting",
      "Workload balance across the team",
      "Early warnings ranked by impact",
    ],
  },
  {
    icon: Workflow,
    title: "Real-Time Sync Engine",
    text: "Event-driven connectors keep Pulse current with every tool it reads.",
    points: [
      "Live updates pushed to every open screen",
      "Sync all projects or only the ones you choose",
      "Automatic recovery when a service is briefly unavailable",
    ],
  },
  {
    icon: ShieldCheck,
    title: "Secure Cloud Infrastructure",
    text: "A hardened, access-controlled platform that treats your project data as confidential.",
    points: [
      "Google sign-in limited to your company's domain",
      "Revocable sessions and least-privilege access",
      "Your data is never sold or used for advertising",
    ],
  },
];

/** SPEC §2 Technology page. */
export default function TechnologyPage() {
  usePageTitle("Technology");
  return (
    <>
      <PageHero
        eyebrow="Technology"
        title={`The Intelligence Behind ${PRODUCT_NAME}`}
        description="Language understanding, predictive analytics and real-time sync work together to turn the everyday noise of your tools into clear next steps."
      />

      <Section labelledBy="flow-title" tinted>
        <SectionHeader
          id="flow-title"
          eyebrow="How it works"
          title="From Raw Signals to Clear Next Steps"
          description="Every update your team makes travels through four stages, continuously and in seconds."
        />
        <ProcessFlow />
      </Section>

      <Section labelledBy="stack-title">
        <SectionHeader
          id="stack-title"
          eyebrow="Under the hood"
          title="Technology Stack"
          description="Four building blocks, each chosen to make project intelligence accurate, timely and safe."
        />
        <ul className="mt-14 grid gap-6 md:grid-cols-2">
          {STACK.map(({ icon, title, text, points }) => (
            <li
              key={title}
              className="flex flex-col gap-5 rounded-2xl border bg-card p-6 text-card-foreground shadow-sm sm:flex-row sm:p-8"
            >
              <IconTile icon={icon} />
              <div>
                <h3 className="text-xl font-semibold tracking-tight">{title}</h3>
                <p className="mt-2 leading-relaxed text-muted-foreground">{text}</p>
                <CheckList items={points} small className="mt-4 space-y-2 text-sm" />
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section labelledBy="integrations-title" tinted>
        <SectionHeader
          id="integrations-title"
          eyebrow="Connected"
          title="Integrations"
          description="Pulse connects to the tools where your work already happens, and the list keeps growing."
        />
        <IntegrationLogos moreLabel="+ Many More" className="mx-auto mt-12 max-w-5xl" />
      </Section>

      <ContactCta
        title="Want to See It on Your Own Work?"
        description="Connect a few tools and watch Pulse turn them into one live picture of your projects."
      />
    </>
  );
}

/**
 * SPEC: the four-step flow whose highlighted step advances every 2 s. The highlighted step carries
 * aria-current="step"; the cycle can be paused (WCAG 2.2.2). Reduced motion drops the movement, not the cycle.
 */
function ProcessFlow() {
  const [running, setRunning] = useState(true);
  const active = useStepCycle(TECHNOLOGY_STEPS.length, TECHNOLOGY_STEP_MS, running);
  const progress = (active / (TECHNOLOGY_STEPS.length - 1)) * 100;
  // A cycle that does not move and a pause button that does nothing would look broken: in a pre-rendered page the
  // flow keeps its place, unseen, until the app runs it.
  const hydrated = useHydrated();

  return (
    <div className={cn("mt-10", !hydrated && "invisible")}>
      <div className="flex justify-center">
        <Button variant="outline" size="sm" onClick={() => setRunning((r) => !r)}>
          {running ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          {running ? "Pause animation" : "Play animation"}
        </Button>
      </div>
      <div className="relative mt-10">
        <div aria-hidden="true" className="absolute inset-x-[12.5%] top-7 hidden h-0.5 bg-border lg:block">
          <div
            className="h-full bg-primary transition-[width] duration-700 ease-out"
            style={{ width: `${progress}%` }}
          />
        </div>
        <ol
          aria-label="How Pulse works"
          className="relative grid gap-8 sm:grid-cols-2 lg:grid-cols-4 lg:gap-6"
        >
          {TECHNOLOGY_STEPS.map((name, index) => {
            const current = index === active;
            const { icon: Icon, text } = STEP_DETAILS[name];
            return (
              <li
                key={name}
                aria-current={current ? "step" : undefined}
                className="flex flex-col items-center text-center"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "relative flex size-14 items-center justify-center rounded-full border-2 transition-colors duration-500",
                    current
                      ? "border-primary bg-primary text-primary-foreground shadow-lg shadow-primary/40"
                      : "border-border bg-background text-muted-foreground",
                  )}
                >
                  {current && (
                    <span className="absolute inset-0 rounded-full bg-primary/40 motion-safe:animate-ping" />
                  )}
                  <Icon className="relative size-6" />
                </span>
                <div
                  className={cn(
                    "mt-5 w-full flex-1 rounded-2xl border bg-card p-5 text-card-foreground transition-all duration-500",
                    current
                      ? "border-primary/70 ring-1 ring-primary/30 shadow-lg shadow-primary/15 motion-safe:-translate-y-1"
                      : "shadow-sm",
                  )}
                >
                  <p
                    className={cn(
                      "text-xs font-semibold uppercase tracking-wider",
                      current ? "text-primary" : "text-muted-foreground",
                    )}
                  >
                    Step {index + 1}
                  </p>
                  <h3 className="mt-1 text-lg font-semibold">{name}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
                </div>
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}
