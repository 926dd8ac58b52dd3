import { CalendarDays, Compass, Eye, Handshake, MapPin, Plug, Users, type LucideIcon } from "lucide-react";
import { PRODUCT_NAME } from "@/lib/product-name";
import { SectionHeader } from "@/components/ui/section-header";
import { usePageTitle } from "@/lib/use-page-title";
import { ContactCta, FeatureGrid, PageHero, Section } from "./marketing-blocks";

const FACTS: { icon: LucideIcon; label: string; value: string }[] = [
  { icon: MapPin, label: "Headquarters", value: "Los Angeles, California" },
  { icon: CalendarDays, label: "Founded", value: "2025" },
  { icon: Users, label: "Founders", value: "Two project managers" },
];

const BUILDING: { title: string; text: string }[] = [
  {
    title: "An overlay, not another tool",
    text: "Pulse connects to the trackers, chat, e-mail and meeting apps your team already uses, so nobody has to move their work.",
  },
  {
    title: "Intelligence you can act on",
    text: "Pulse discovers work as it appears, maps it into projects and tasks, and predicts where a plan is about to slip.",
  },
  {
    title: "Updates for every role",
    text: "Leaders, project managers and contributors each get the information they need, on the channel they prefer.",
  },
];

const VALUES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Eye,
    title: "Clarity over noise",
    text: "Teams deserve one honest picture of their work, not another feed of notifications to triage.",
  },
  {
    icon: Compass,
    title: "Foresight over hindsight",
    text: "The best time to fix a delay is before it happens. Everything we build points toward earlier, calmer decisions.",
  },
  {
    icon: Plug,
    title: "Work where teams already work",
    text: "Great teams have tools they love. We add intelligence on top of them instead of asking anyone to switch.",
  },
  {
    icon: Handshake,
    title: "Built with the people who use it",
    text: "We are project managers first. We ship with our customers, listen closely and fix what gets in their way.",
  },
];

/** SPEC §2 Company story page: the origin, what is being built, and why the company exists. */
export default function AboutPage() {
  usePageTitle("About");
  return (
    <>
      <PageHero
        eyebrow="Our story"
        title="Built by Project Managers, for Project Managers"
        description={`${PRODUCT_NAME} is a Los Angeles company founded in 2025 by two project managers who were tired of chasing status updates instead of leading their projects.`}
      >
        <dl className="mx-auto mt-12 grid max-w-3xl gap-4 sm:grid-cols-3">
          {FACTS.map(({ icon: Icon, label, value }) => (
            <div
              key={label}
              className="flex flex-col items-center gap-2 rounded-2xl border bg-card p-5 text-center text-card-foreground shadow-sm"
            >
              <Icon className="size-6 text-primary" aria-hidden="true" />
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      </PageHero>

      <Section labelledBy="origin-title" tinted>
        <div className="mx-auto max-w-3xl">
          <SectionHeader id="origin-title" align="left" eyebrow="Where we started" title="How Pulse Began" />
          <div className="mt-6 space-y-5 text-base leading-relaxed text-muted-foreground sm:text-lg">
            <p>
              {PRODUCT_NAME} started in Los Angeles in 2025 with two project managers and a familiar problem.
              Between them they had run launches, migrations and client programs with hard deadlines, and
              every one of them followed the same pattern: the plan lived in one tool, the real conversation
              happened in a dozen others, and the first sign of trouble usually arrived too late to do much
              about it.
            </p>
            <p>
              They spent their evenings reconciling Jira boards with Slack threads, copying action items out
              of meeting notes and rewriting the same status report for three different audiences. The work
              was important, but it was not project management. It was archaeology.
            </p>
            <p>
              So they set out to build the assistant they had always wanted: one that reads the signals across
              a team&apos;s tools, understands what they mean for the plan, and speaks up while there is still
              time to act.
            </p>
          </div>
        </div>
      </Section>

      <Section labelledBy="building-title">
        <SectionHeader
          id="building-title"
          eyebrow="What we are building"
          title="The Intelligence Layer for Project Work"
          description={`${PRODUCT_NAME} is an AI-driven project intelligence platform for teams running time-sensitive projects.`}
        />
        <ol className="mx-auto mt-14 grid max-w-5xl gap-6 md:grid-cols-3">
          {BUILDING.map(({ title, text }, index) => (
            <li key={title} className="rounded-2xl border bg-card p-6 text-card-foreground shadow-sm">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
              >
                {index + 1}
              </span>
              <h3 className="mt-5 text-lg font-semibold">{title}</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section labelledBy="why-title" tinted>
        <div className="mx-auto max-w-3xl">
          <SectionHeader id="why-title" align="left" eyebrow="Our purpose" title="Why We Exist" />
          <div className="mt-6 space-y-5 text-base leading-relaxed text-muted-foreground sm:text-lg">
            <p>
              Projects rarely fail because people do not care. They fail because the right information does
              not reach the right person in time. Teams already have the tools; what they lack is a way to see
              everything those tools know, at once, with enough warning to change the outcome.
            </p>
            <p>
              We exist to give every project team that warning, and to hand the hours spent chasing updates
              back to the people doing the work.
            </p>
          </div>
        </div>
        <FeatureGrid items={VALUES} className="sm:grid-cols-2 lg:grid-cols-4" />
      </Section>

      <ContactCta
        title="Let's Build Better Projects Together"
        description="Whether you want to bring Pulse to your team or join us in building it, we would love to hear from you."
      />
    </>
  );
}
