/**
 * Writes bench/resolution/labelled-set.json: discovered items as the tools show them, each labelled with the
 * project it was generated from (labels by construction, bench/resolution/README.md). Seeded: the same file every
 * run. `npx tsx bench/resolution/generate-labelled-set.ts`
 *
 * The templates were written from what the tools show (mail subjects, calendar notices, Gemini's and Zoom's
 * titles, channel names, tracker keys, file names), not from the resolver's word lists; several decorations here
 * are ones the resolver does not know.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";

export interface LabelledItem {
  id: string;
  source_app: string;
  raw_name: string;
  participants: string[];
  /** The project (or a unique noise / empty label) the item was generated from. */
  label: string;
}

export interface LabelledSet {
  description: string;
  seed: number;
  items: LabelledItem[];
  /** Projects that look alike yet are different work: their items must never share a Stream. */
  confusable_pairs: [string, string][];
}

/** mulberry32: a small seeded generator, so the file is the same on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = 3838;
const rnd = random(SEED);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
const chance = (p: number): boolean => rnd() < p;
const between = (lo: number, hi: number): number => lo + Math.floor(rnd() * (hi - lo + 1));
function sample<T>(xs: readonly T[], n: number): T[] {
  const copy = [...xs];
  const out: T[] = [];
  while (out.length < n && copy.length > 0) out.push(copy.splice(Math.floor(rnd() * copy.length), 1)[0]!);
  return out;
}

/** Projects; `key` is the tracker key a team would pick. Siblings come in CONFUSABLE below. */
const PROJECTS: { name: string; key: string }[] = [
  { name: "Website relaunch", key: "WEB" },
  { name: "Project Atlas", key: "ATLAS" },
  { name: "Phoenix billing platform", key: "PHX" },
  { name: "Data warehouse migration", key: "DWH" },
  { name: "Customer 360 dashboard", key: "C360" },
  { name: "Mobile app offline mode", key: "MOB" },
  { name: "SSO rollout", key: "SSO" },
  { name: "Kubernetes upgrade", key: "K8S" },
  { name: "Support chatbot", key: "BOT" },
  { name: "Annual report 2026", key: "AR" },
  { name: "Café Lumière rebrand", key: "LUM" },
  { name: "Zürich office move", key: "ZRH" },
  { name: "Señor Pago integration", key: "PAGO" },
  { name: "Helios pricing engine", key: "HEL" },
  { name: "Warehouse robotics pilot", key: "ROBO" },
  { name: "Loyalty program", key: "LOY" },
  { name: "Checkout conversion sprint", key: "CHK" },
  { name: "Vendor risk assessment", key: "VRA" },
  { name: "Design system", key: "DS" },
  { name: "Search relevance", key: "SRCH" },
  { name: "Okta migration", key: "IAM" },
  { name: "Field service app", key: "FSA" },
  { name: "Carbon reporting", key: "ESG" },
  { name: "Customer advisory board", key: "CAB" },
  { name: "Northwind acquisition", key: "NW" },
  { name: "Sapphire ERP cutover", key: "SAP" },
  { name: "Talent marketplace", key: "TAL" },
  { name: "Return portal", key: "RET" },
  { name: "Podcast launch", key: "POD" },
  { name: "Fraud detection model", key: "FRD" },
  { name: "Internal wiki cleanup", key: "WIKI" },
  { name: "Partner certification", key: "PCERT" },
  { name: "Invoice automation", key: "INV" },
  { name: "Trade show Hannover Messe", key: "HM" },
  { name: "Accessibility audit", key: "A11Y" },
  { name: "Nimbus data platform", key: "NIM" },
  { name: "Employee referral program", key: "REF" },
  { name: "Price increase communication", key: "PIC" },
  { name: "Supplier portal", key: "SUP" },
  { name: "Quantum dashboard", key: "QNT" },
  { name: "Orion CRM cleanup", key: "ORI" },
  { name: "Lisbon hub opening", key: "LIS" },
];

/** Pairs of projects that differ in what makes them separate work (a period, a customer, an audience, a system …). */
const CONFUSABLE: [{ name: string; key: string }, { name: string; key: string }][] = [
  [
    { name: "Q3 budget review", key: "FIN" },
    { name: "Q4 budget review", key: "FIN" },
  ],
  [
    { name: "Globex renewal", key: "GLX" },
    { name: "Initech renewal", key: "INI" },
  ],
  [
    { name: "Customer onboarding", key: "CON" },
    { name: "Employee onboarding", key: "EON" },
  ],
  [
    { name: "EMEA product launch", key: "EMEA" },
    { name: "APAC product launch", key: "APAC" },
  ],
  [
    { name: "Payroll migration", key: "PAY" },
    { name: "Payments migration", key: "PMT" },
  ],
  // A rare code word shared, a different topic on each side: the code word alone must not merge them.
  [
    { name: "Dexroka support launch", key: "DEX" },
    { name: "Dexroka pricing launch", key: "DEX" },
  ],
  [
    { name: "Orvella identity api", key: "ORV" },
    { name: "Orvella identity audit", key: "ORV" },
  ],
  [
    { name: "Kestrel billing migration", key: "KST" },
    { name: "Kestrel search migration", key: "KST" },
  ],
  [
    { name: "Mobile app release 4.2", key: "REL" },
    { name: "Mobile app release 4.3", key: "REL" },
  ],
  [
    { name: "Brand refresh 2025", key: "BR" },
    { name: "Brand refresh 2026", key: "BR" },
  ],
  [
    { name: "H1 hiring plan", key: "HR" },
    { name: "H2 hiring plan", key: "HR" },
  ],
  [
    { name: "March newsletter", key: "NL" },
    { name: "April newsletter", key: "NL" },
  ],
  [
    { name: "Acme website redesign", key: "ACME" },
    { name: "Umbrella website redesign", key: "UMB" },
  ],
  [
    { name: "Salesforce integration", key: "SFDC" },
    { name: "HubSpot integration", key: "HUB" },
  ],
  [
    { name: "Partner portal", key: "PP" },
    { name: "Customer portal", key: "CP" },
  ],
  [
    { name: "iOS app redesign", key: "IOS" },
    { name: "Android app redesign", key: "AND" },
  ],
  [
    { name: "Berlin office move", key: "BER" },
    { name: "London office move", key: "LON" },
  ],
  [
    { name: "Data lake migration", key: "LAKE" },
    { name: "Data center migration", key: "DC" },
  ],
  [
    { name: "Vendor security review", key: "VSR" },
    { name: "Vendor contract review", key: "VCR" },
  ],
  [
    { name: "Sales kickoff 2026", key: "SKO" },
    { name: "Sales kickoff 2027", key: "SKO" },
  ],
  [
    { name: "North America expansion", key: "NA" },
    { name: "Latin America expansion", key: "LATAM" },
  ],
  [
    { name: "Orbit phase 1", key: "ORB" },
    { name: "Orbit phase 2", key: "ORB" },
  ],
  [
    { name: "GDPR compliance", key: "GDPR" },
    { name: "CCPA compliance", key: "CCPA" },
  ],
  [
    { name: "Black Friday campaign", key: "BF" },
    { name: "Cyber Monday campaign", key: "CM" },
  ],
  [
    { name: "Warehouse management system RFP", key: "WMS" },
    { name: "Transport management system RFP", key: "TMS" },
  ],
  [
    { name: "Q1 OKR planning", key: "OKR" },
    { name: "Q2 OKR planning", key: "OKR" },
  ],
  [
    { name: "Employee engagement survey 2025", key: "EES" },
    { name: "Employee engagement survey 2026", key: "EES" },
  ],
  [
    { name: "EU data residency", key: "EUDR" },
    { name: "US data residency", key: "USDR" },
  ],
  [
    { name: "Checkout v2", key: "CO" },
    { name: "Checkout v3", key: "CO" },
  ],
  [
    { name: "Customer churn analysis", key: "CHURN" },
    { name: "Customer churn dashboard", key: "CHURN" },
  ],
];

/** Generic meetings and channels that are no project; each item is its own label. */
const NOISE = [
  "Weekly team sync",
  "Weekly team sync",
  "Team sync",
  "1:1 Dana / Lee",
  "1:1 Maria <> Sam",
  "Dana / Priya 1:1",
  "All hands",
  "All-Hands (monthly)",
  "OOO",
  "OOO - back Monday",
  "Out of office",
  "Standup",
  "Daily standup",
  "Lunch",
  "Team lunch 🍕",
  "Coffee chat",
  "Focus time",
  "Design team sync",
  "Sprint planning",
  "Sprint retro",
  "Backlog grooming",
  "Interview – Senior Backend Engineer",
  "Interview: Product Designer (onsite)",
  "Company town hall",
  "#general",
  "#random",
  "#announcements",
  "Happy hour 🍻",
  "Engineering all hands",
  "Leadership weekly",
  "Marketing team meeting",
  "Skip-level with Maria",
  "Weekly 1:1",
  "Holiday party planning",
  "Team offsite",
  "Quick chat",
  "Catch up",
  "Dentist",
  "Re: lunch tomorrow?",
  "Fwd: All hands recording",
];

/** Names a tool shows for an untitled item: each is its own label. */
const EMPTY = [
  "",
  "",
  "  ",
  "",
  "(no subject)",
  "Untitled document",
  "Untitled spreadsheet",
  "🎉",
  "",
  "Untitled",
];

const FIRST = [
  "dana",
  "lee",
  "priya",
  "sam",
  "maria",
  "jonas",
  "aiko",
  "omar",
  "lena",
  "tomasz",
  "ines",
  "raj",
  "chloe",
  "felix",
  "nora",
  "diego",
  "yuki",
  "amara",
  "ben",
  "sofia",
  "kofi",
  "hana",
  "lucas",
  "mei",
  "ola",
  "pierre",
  "zara",
  "eli",
  "farah",
  "gus",
  "ivy",
  "jamal",
  "kira",
  "liam",
  "maya",
  "nils",
  "oren",
  "paula",
  "quinn",
  "rosa",
];
const PEOPLE = FIRST.map((f, i) => `${f}.${["kim", "lopez", "shah", "meyer", "okafor"][i % 5]}@acme.example`);
const OUTSIDERS = [
  "j.doe@globex.example",
  "m.rossi@initech.example",
  "k.tan@partner.example",
  "ops@vendor.example",
];

function slug(name: string, separator: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, separator)
    .replace(new RegExp(`^\\${separator}|\\${separator}$`, "g"), "");
}

/** A slip of the keyboard in one word of five letters or more: two letters swapped, one dropped or doubled. */
function typo(name: string): string {
  const words = name.split(" ");
  const candidates = words.map((w, i) => [w, i] as const).filter(([w]) => /^[\p{L}]{5,}$/u.test(w));
  if (candidates.length === 0) return name;
  const [word, at] = pick(candidates);
  const i = between(1, word.length - 3);
  const kind = pick(["swap", "drop", "double"]);
  const changed =
    kind === "swap"
      ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)
      : kind === "drop"
        ? word.slice(0, i) + word.slice(i + 1)
        : word.slice(0, i) + word[i] + word.slice(i);
  words[at] = changed;
  return words.join(" ");
}

const titleCase = (s: string): string => s.replace(/\b\p{Ll}/gu, (c) => c.toUpperCase());
const stripAccents = (s: string): string => s.normalize("NFD").replace(/\p{M}/gu, "");

/** How a person writes the project's name this time: case, accents, now and then a typo. */
function spelling(name: string): string {
  let n = name;
  const r = rnd();
  if (r < 0.3) n = titleCase(n);
  else if (r < 0.4) n = n.toLowerCase();
  else if (r < 0.43) n = n.toUpperCase();
  if (chance(0.4)) n = stripAccents(n);
  if (chance(0.08)) n = typo(n);
  return n;
}

const DATE = () =>
  `${pick(["Mon", "Tue", "Wed", "Thu", "Fri"])} ${between(1, 28)} ${pick(["Jan", "Feb", "Mar", "Apr", "Sep", "Oct"])} 2026`;
const TIME = () => `${between(8, 17)}:${pick(["00", "30"])}`;

type Template = (n: string, p: { key: string; num: number }) => string;

/** What each tool shows, with the share of items each tool gets. */
const TOOLS: { app: string; weight: number; templates: Template[]; people: [number, number] }[] = [
  {
    app: "gmail",
    weight: 5,
    people: [2, 8],
    templates: [
      (n) => `RE: ${n} – timeline`,
      (n) => `Fwd: ${n} deck`,
      (n) => `Re: ${n}`,
      (n) => `RE: RE: ${n} – next steps`,
      (n) => `[External] ${n} proposal`,
      (n) => `AW: ${n}`,
      (n) => `FW: ${n} – budget`,
      (n) => `${n}: status update`,
      (n) => `Quick question on ${n}`,
      (n) => `${n} – action items`,
      (n) => `Re: [External] ${n} - contract draft`,
      (n) => `Invitation: ${n} weekly sync @ ${DATE()} ${TIME()} - ${TIME()} (CET) (dana.kim@acme.example)`,
      (n) => `Updated invitation: ${n} review @ ${DATE()} ${TIME()} (CET)`,
      (n) => `Accepted: ${n} kickoff @ ${DATE()} ${TIME()}`,
      (n) => `${n}`,
    ],
  },
  {
    app: "google_meet_gemini",
    weight: 2,
    people: [3, 10],
    templates: [
      (n) => `${n} weekly sync`,
      (n) => `${n} – Notes by Gemini`,
      (n) => `Notes: ${n} kickoff`,
      (n) => `${n} sync – 2026/0${between(1, 9)}/1${between(0, 9)} ${TIME()} CET – Notes by Gemini`,
      (n) => `${n} planning`,
    ],
  },
  {
    app: "zoom",
    weight: 2,
    people: [3, 12],
    templates: [
      (n) => `${n} kickoff`,
      (n) => `${n} standup`,
      (n) => `${n} retro`,
      (n) => `Zoom meeting: ${n}`,
      (n) => `${n} - Zoom`,
      (n) => `Meeting assets for ${n} are ready!`,
      (n) => `${n} bi-weekly`,
    ],
  },
  {
    app: "slack",
    weight: 3,
    people: [0, 6],
    templates: [
      (n) => `#${slug(n, "-")}`,
      (n) => `#proj-${slug(n, "-")}`,
      (n) => `#${slug(n, "_")}`,
      (n) => `#${slug(n, "-")}-team`,
      (n) => `#ext-${slug(n, "-")}`,
      (n) => `#${slug(n, "")}`,
    ],
  },
  {
    app: "jira",
    weight: 2,
    people: [1, 3],
    templates: [
      (n, p) => `${p.key} – ${n}`,
      (n, p) => `${p.key}-${p.num} ${n}`,
      (n, p) => `[${p.key}] ${n}`,
      (n) => `${n}`,
      (n, p) => `${p.key}-${p.num}: ${n} epic`,
    ],
  },
  {
    app: "asana",
    weight: 2,
    people: [1, 5],
    templates: [
      (n) => `${n}`,
      (n) => (/\b20\d\d\b/.test(n) ? n : `${n} 2026`),
      (n) => `${n} – launch plan`,
      (n) => `${n} (tracking)`,
    ],
  },
  {
    app: "trello",
    weight: 1,
    people: [1, 4],
    templates: [(n) => `${n} board`, (n) => `${n}`, (n) => `${n} – backlog`],
  },
  {
    app: "notion",
    weight: 1,
    people: [1, 4],
    templates: [
      (n) => `${n} – Project brief`,
      (n) => `📌 ${n}`,
      (n) => `${n} wiki`,
      (n) => `${n} — Meeting notes`,
      (n) => `🚀 ${n} hub`,
    ],
  },
  {
    app: "google_drive",
    weight: 3,
    people: [1, 5],
    templates: [
      (n) => `${n} – PRD`,
      (n) => `${n} budget.xlsx`,
      (n) => `${n} (draft)`,
      (n) => `Copy of ${n} plan`,
      (n) => `${slug(n, "_")}_v2.pptx`,
      (n) => `${n} – one-pager.pdf`,
      (n) => `${n} timeline`,
      (n) => `${n} - hero images`,
      (n) => `${n} risks & dependencies`,
    ],
  },
];

function weightedTool() {
  const total = TOOLS.reduce((s, t) => s + t.weight, 0);
  let r = rnd() * total;
  for (const tool of TOOLS) {
    r -= tool.weight;
    if (r < 0) return tool;
  }
  return TOOLS[0]!;
}

const labelOf = (name: string): string => slug(name, "-");

export function generate(): LabelledSet {
  const items: Omit<LabelledItem, "id">[] = [];
  const all: { name: string; key: string; team: string[] }[] = [];
  for (const p of PROJECTS) all.push({ ...p, team: sample(PEOPLE, between(3, 7)) });
  for (const [a, b] of CONFUSABLE) {
    // One team often runs both siblings: they share people, which must not be enough to merge them.
    const team = sample(PEOPLE, between(4, 7));
    all.push({ ...a, team });
    all.push({ ...b, team: [...team.slice(0, 3), ...sample(PEOPLE, 2)] });
  }
  for (const p of all) {
    const n = between(3, 7);
    for (let i = 0; i < n; i++) {
      const tool = weightedTool();
      const template = pick(tool.templates);
      const raw = template(spelling(p.name), { key: p.key, num: between(12, 480) });
      const count = Math.min(p.team.length, between(tool.people[0], tool.people[1]));
      const participants = sample(p.team, count);
      if (chance(0.15)) participants.push(pick(OUTSIDERS));
      items.push({ source_app: tool.app, raw_name: raw, participants, label: labelOf(p.name) });
    }
  }
  NOISE.forEach((name, i) => {
    const tool = name.startsWith("#")
      ? "slack"
      : pick(["google_meet_gemini", "zoom", "gmail", "google_meet_gemini"]);
    items.push({
      source_app: tool,
      raw_name: name,
      participants: sample(PEOPLE, between(1, 8)),
      label: `noise-${i + 1}`,
    });
  });
  EMPTY.forEach((name, i) => {
    items.push({
      source_app: pick(["gmail", "google_drive", "notion", "slack", "asana"]),
      raw_name: name,
      participants: chance(0.5) ? sample(PEOPLE, between(1, 3)) : [],
      label: `empty-${i + 1}`,
    });
  });
  // Discovery order is mixed across projects, as syncs deliver them.
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return {
    description:
      "Discovered items as the tools show them, labelled by construction with the project each was generated from " +
      "(bench/resolution/README.md). Noise and empty items carry a label of their own each.",
    seed: SEED,
    items: items.map((item, i) => ({ id: `item-${String(i + 1).padStart(4, "0")}`, ...item })),
    confusable_pairs: CONFUSABLE.map(([a, b]) => [labelOf(a.name), labelOf(b.name)]),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const set = generate();
  const file = path.join(path.dirname(new URL(import.meta.url).pathname), "labelled-set.json");
  // Written as the repository's formatter would, so `npm run lint` stays green after a regeneration.
  const prettier = await import("prettier");
  const options = { ...(await prettier.resolveConfig(file)), parser: "json" };
  writeFileSync(file, await prettier.format(JSON.stringify(set), options));
  const projects = new Set(set.items.map((i) => i.label).filter((l) => !/^(noise|empty)-/.test(l)));
  console.log(
    `${set.items.length} items, ${projects.size} projects, ${set.confusable_pairs.length} confusable pairs, ` +
      `${new Set(set.items.map((i) => i.source_app)).size} tools → ${path.relative(process.cwd(), file)}`,
  );
}

const SYLLABLES = [
  "ka",
  "lo",
  "mi",
  "ren",
  "dor",
  "vex",
  "tal",
  "qu",
  "zen",
  "bro",
  "fi",
  "nu",
  "sar",
  "pol",
  "tri",
  "gam",
];
const TOPICS = [
  "migration",
  "rollout",
  "redesign",
  "integration",
  "audit",
  "renewal",
  "launch",
  "dashboard",
  "portal",
  "pilot",
  "campaign",
  "upgrade",
  "platform",
  "onboarding",
  "analytics",
  "automation",
];

/**
 * `count` items of about count / 5 made-up projects (a code name and a topic, "Kalovex migration"), dressed by the
 * same tool templates: the speed bench's 100,000 items. Seeded like the labelled set.
 */
export function syntheticItems(
  count: number,
  seed = 100_000,
): { source_app: string; raw_name: string; participants: string[] }[] {
  const r = random(seed);
  const at = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const projects = Math.max(1, Math.floor(count / 5));
  const names: { name: string; key: string; team: string[] }[] = [];
  for (let p = 0; p < projects; p++) {
    const code = at(SYLLABLES) + at(SYLLABLES) + at(SYLLABLES);
    const name = `${code[0]!.toUpperCase()}${code.slice(1)} ${at(TOPICS)}${r() < 0.2 ? ` ${2024 + Math.floor(r() * 4)}` : ""}`;
    const team = Array.from({ length: 4 }, () => at(PEOPLE));
    names.push({ name, key: code.slice(0, 4).toUpperCase(), team });
  }
  const out: { source_app: string; raw_name: string; participants: string[] }[] = [];
  for (let i = 0; i < count; i++) {
    const p = at(names);
    const tool = at(TOOLS);
    out.push({
      source_app: tool.app,
      raw_name: at(tool.templates)(p.name, { key: p.key, num: 1 + Math.floor(r() * 900) }),
      participants: p.team.slice(0, 1 + Math.floor(r() * 4)),
    });
  }
  return out;
}
