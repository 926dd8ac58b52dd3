import {
  ArrowRight,
  BellRing,
  Bot,
  BrainCircuit,
  Eye,
  GitBranch,
  Globe,
  Layers,
  ListChecks,
  Map as MapIcon,
  Plug,
  Radar,
  RefreshCw,
  ScanSearch,
  ShieldCheck,
  Smartphone,
  Target,
  Users,
  type LucideIcon,
} from "lucide-react";
import { PRODUCT_NAME } from "@/lib/product-name";
import { Button } from "@/components/ui/button";
import { SectionHeader } from "@/components/ui/section-header";
import { Link } from "@/lib/router";
import { usePageTitle } from "@/lib/use-page-title";
import { IntegrationLogos } from "./integration-logos";
import { CheckList, ContactCta, FeatureCard, FeatureGrid, PageHero, Section } from "./marketing-blocks";

interface Item {
  icon: LucideIcon;
  title: string;
  text: string;
}

const VOCABULARY: { term: string; text: string }[] = [
  { term: "Streams", text: "Work Pulse discovers across your connected apps, ready to review." },
  { term: "PulseMaps", text: "Your projects, mapped with owners, dates, dependencies and progress." },
  { term: "Pulses", text: "The individual tasks that move each PulseMap forward." },
];

const CORE_FEATURES: (Item & { points: string[] })[] = [
  {
    icon: BrainCircuit,
    title: "AI-Powered Predictive Execution",
    text: "Forecast risk before it becomes a delay.",
    points: [
      "Flags slipping milestones and at-risk dependencies early",
      "Spots overloaded owners before work stalls",
      "Suggests the next best action for every project",
    ],
  },
  {
    icon: Layers,
    title: "Unified Cross-Platform Visibility",
    text: "Every project, every tool, one live view.",
    points: [
      "Tasks, threads, e-mails and meeting notes side by side",
      "A timeline of every PulseMap with progress at a glance",
      "The same facts for leadership and the team",
    ],
  },
  {
    icon: BellRing,
    title: "Smart, Role-Based Notifications",
    text: "The right update, to the right person, at the right time.",
    points: [
      "Summaries for leaders, risks for project managers, next steps for contributors",
      "Delivered by e-mail, Slack, WhatsApp, iMessage or push",
      "Respects each person's working hours and preferred frequency",
    ],
  },
  {
    icon: RefreshCw,
    title: "Seamless Integration and Sync",
    text: "Connect once, stay current automatically.",
    points: [
      "Asana, Jira, Slack, Trello, Notion and Google Workspace",
      "Choose to sync every project or only the ones you pick",
      "No migration and no change to how your team works",
    ],
  },
];

const ADVANTAGES: Item[] = [
  {
    icon: Plug,
    title: "Works With Your Existing Tools",
    text: "Pulse overlays the apps your team already relies on. Nobody has to move their work or learn a new tracker.",
  },
  {
    icon: Radar,
    title: "Early Risk Detection",
    text: "Predictive signals surface slipping dates and blocked dependencies while there is still time to fix them.",
  },
  {
    icon: Eye,
    title: "One Source of Truth",
    text: "Status comes from the work itself, not from hand-written reports, so everyone sees the same up-to-date picture.",
  },
  {
    icon: Target,
    title: "Fewer Status Meetings",
    text: "With progress visible as it happens, meetings can focus on decisions instead of collecting updates.",
  },
  {
    icon: ShieldCheck,
    title: "Secure by Design",
    text: "Sign-in with Google only, access limited to your company's e-mail domain, and every connection under your control.",
  },
  {
    icon: Users,
    title: "Built for Every Role",
    text: "Project managers, team leads, executives and contributors each get a view shaped to what they need to do next.",
  },
];

const EXECUTION_TILES: Item[] = [
  {
    icon: ScanSearch,
    title: "Automatic Work Discovery",
    text: "Pulse reads connected apps and groups related items into Streams.",
  },
  {
    icon: MapIcon,
    title: "PulseMaps in One Click",
    text: "Turn a Stream into a PulseMap with its tasks, owners and dates.",
  },
  {
    icon: GitBranch,
    title: "Dependency Awareness",
    text: "See how one slipping Pulse ripples through the rest of the plan.",
  },
  {
    icon: ListChecks,
    title: "Clear Ownership",
    text: "RACI assignments make it obvious who is responsible and who signs off.",
  },
  {
    icon: Bot,
    title: "AI Project Assistant",
    text: "Ask about status, create tasks or draft a progress report in plain language.",
  },
  {
    icon: BellRing,
    title: "Proactive Alerts",
    text: "Get told about risks and overdue Pulses before anyone has to ask.",
  },
];

const BENEFITS = [
  "Spot at-risk deliverables days earlier",
  "Spend less time compiling status reports",
  "Keep every stakeholder aligned on the same facts",
  "Make accountability explicit on every task",
  "Run more projects without adding overhead",
  "Decide with data instead of gut feeling",
];

const ACCESS: Item[] = [
  {
    icon: Globe,
    title: "In Your Browser",
    text: "Pulse runs in any modern browser. There is nothing to install, and your PulseMaps are ready wherever you sign in.",
  },
  {
    icon: Smartphone,
    title: "On Mobile",
    text: "A fully responsive experience lets you check progress, review risks and update Pulses from your phone or tablet.",
  },
  {
    icon: BellRing,
    title: "Smart Notifications",
    text: "Updates reach you on the channel you choose, at the frequency you choose, within your working hours.",
  },
];

/** SPEC §2 Marketing home page. */
export default function ProductPage() {
  usePageTitle("Product");
  return (
    <>
      <PageHero
        eyebrow={`The ${PRODUCT_NAME} platform`}
        title="One Intelligent Layer Over Every Project Tool"
        description={`${PRODUCT_NAME} connects the apps your teams already use, understands the work inside them and tells you what needs attention next — before deadlines slip.`}
      >
        <div className="mx-auto mt-10 flex justify-center">
          <Button asChild size="lg" variant="outline">
            <Link to="/technology">
              See How It Works
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <div className="mx-auto mt-16 max-w-5xl">
          <p className="text-center text-sm font-medium text-muted-foreground">
            Works with the tools your team already uses
          </p>
          <IntegrationLogos showNames className="mt-6" />
        </div>
      </PageHero>

      <Section labelledBy="intro-title" tinted>
        <div className="grid items-center gap-12 lg:grid-cols-2">
          <div>
            <SectionHeader
              id="intro-title"
              align="left"
              eyebrow="Why teams choose Pulse"
              title="Your projects already have a pulse. Now you can read it."
            />
            <p className="mt-6 text-base leading-relaxed text-muted-foreground sm:text-lg">
              Time-sensitive projects live across a dozen tools: plans in Asana or Jira, decisions in Slack
              and e-mail, commitments in meeting transcripts. Keeping them aligned by hand eats hours every
              week and still misses the signals that matter.
            </p>
            <p className="mt-4 text-base leading-relaxed text-muted-foreground sm:text-lg">
              {PRODUCT_NAME} reads those signals for you. It discovers work as it appears, organizes it into
              projects and tasks, and applies predictive insight so you can lead instead of chase.
            </p>
          </div>
          <dl className="grid gap-4">
            {VOCABULARY.map(({ term, text }) => (
              <div key={term} className="rounded-2xl border bg-card p-6 text-card-foreground shadow-sm">
                <dt className="text-lg font-semibold text-primary">{term}</dt>
                <dd className="mt-1 text-muted-foreground">{text}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Section>

      <Section labelledBy="core-features-title">
        <SectionHeader
          id="core-features-title"
          eyebrow="What it does"
          title="Core Features"
          description="Four capabilities that turn scattered updates into timely, confident decisions."
        />
        <ul className="mt-14 grid gap-6 md:grid-cols-2">
          {CORE_FEATURES.map(({ icon, title, text, points }) => (
            <FeatureCard key={title} icon={icon} title={title}>
              <p>{text}</p>
              <CheckList items={points} className="mt-4 space-y-2" />
            </FeatureCard>
          ))}
        </ul>
      </Section>

      <Section labelledBy="advantages-title" tinted>
        <SectionHeader
          id="advantages-title"
          eyebrow="Why it works"
          title="Platform Advantages"
          description={`What sets ${PRODUCT_NAME} apart from yet another project tool.`}
        />
        <FeatureGrid items={ADVANTAGES} className="sm:grid-cols-2 lg:grid-cols-3" />
      </Section>

      <Section labelledBy="execution-title">
        <SectionHeader
          id="execution-title"
          eyebrow="From signal to delivery"
          title="Intelligent Project Execution"
          description="From the first message about a new piece of work to the final sign-off, Pulse keeps every step visible and on track."
        />
        <div className="mt-14 grid gap-8 lg:grid-cols-3">
          <ul aria-label="Capabilities" className="grid gap-4 sm:grid-cols-2 lg:col-span-2">
            {EXECUTION_TILES.map(({ icon: Icon, title, text }) => (
              <li
                key={title}
                className="flex gap-4 rounded-2xl border bg-card p-5 text-card-foreground shadow-sm"
              >
                <Icon className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
                <div>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="rounded-2xl border border-primary/30 bg-primary/5 p-6 sm:p-8">
            <h3 className="text-lg font-semibold">What your team gets</h3>
            <CheckList items={BENEFITS} label="Benefits" className="mt-5 space-y-3" />
          </div>
        </div>
      </Section>

      <Section labelledBy="access-title" tinted>
        <SectionHeader
          id="access-title"
          eyebrow="Anywhere, any device"
          title="Access Anywhere"
          description="Stay on top of every project whether you are at your desk, between meetings or on the road."
        />
        <FeatureGrid items={ACCESS} className="md:grid-cols-3" />
      </Section>

      <ContactCta
        title="See Pulse on Your Own Projects"
        description="Tell us how your team works today, and we will show you what Pulse can see in it."
      />
    </>
  );
}
