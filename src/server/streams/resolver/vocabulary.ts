/**
 * The words the resolver knows (lower-case ASCII, after transliteration). Each list answers one question about a
 * word of a name; the lists are the resolver's whole knowledge of the tools' conventions, so a new decoration is a
 * word added here, not a rule added elsewhere.
 */

const words = (text: string): ReadonlySet<string> => new Set(text.trim().split(/\s+/));

/** Leading "X:" of a mail subject or calendar notice: replies, forwards (several languages), invitations. */
export const MAIL_PREFIXES = words(`
  re rev res aw antw wg wtr sv vs fw fwd fwd2 tr rv enc odp doorst ynt vb
  invitation invite updated accepted declined tentative tentatively canceled cancelled cancellation
  reminder fyi action required urgent important question update updates new event with note
`);

/** Bracketed tags mail systems add in front of a subject: never part of a name. */
export const MAIL_TAGS = words(`
  external ext extern externe caution warning spam suspicious phishing info internal confidential
  secure encrypt encrypted important urgent fyi action draft
`);

/** Leading "X:" of meeting notes and documents ("Notes: …", "Agenda: …"). */
export const NOTE_PREFIXES = words(`
  notes note agenda minutes recap summary transcript recording meeting sync mtg call draft wip copy
  fyi update updates status
`);

/**
 * Words a tool adds around a project's name that never tell one project from another: meeting cadence and kind,
 * document kinds, mail and notification wording, the tools' own names. Dropped from the name's identity.
 */
export const DECORATION_WORDS = words(`
  meeting meetings mtg sync syncs syncup weekly biweekly fortnightly daily monthly standup standups kickoff
  retro retrospective recap agenda minutes notes note call calls huddle checkin catchup touchpoint touchbase
  session debrief prep followup invite invitation gemini zoom meet google teams recording recordings transcript
  transcripts summary summaries deck slides slide presentation doc docs document documents prd brd spec specs
  onepager brief draft final copy wip timeline tracker sheet spreadsheet template overview memo writeup faq
  readme wiki page board backlog epic sprint status update updates checklist assets materials ready shared
  thread discussion quick thoughts question questions fyi project projects proj prj initiative workstream
  channel chat chats board boards ticket tickets task tasks issue issues story stories subtask todo todos
  team hub tracking hi hello hey thanks thank comment comments edits input
  cet cest pst pdt est edt utc gmt bst ist cst cdt mst mdt aest jst
  monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun
  am pm today tomorrow
`);

/** Words between a project's words that carry nothing ("of", "for"). */
export const STOP_WORDS = words(`
  a an the of for and or to in on at by with from via vs about into per our your my its is are be we you
  re fw fwd aw go no corp corporation inc ltd llc gmbh ag plc co
`);

/**
 * Generic business words: a name made only of them says little (`Budget review`), and two names sharing only them
 * share no project. They weigh half a distinctive word as evidence, yet still tell two names apart.
 */
export const TOPIC_WORDS = words(`
  budget budgets budgeting review reviews planning plan plans roadmap launch relaunch migration migrations
  renewal renewals onboarding offboarding redesign rollout upgrade integration audit hiring recruiting
  website site web app apps mobile platform portal dashboard report reports reporting analytics campaign
  pricing training process policy strategy research refresh rebrand rebranding implementation pilot expansion
  program programme partnership contract contracts proposal rfp rfi negotiation deal account customer
  customers client clients employee employees partner partners vendor vendors supplier suppliers internal
  external new data system systems tool tools api infrastructure infra security compliance support service
  services product products feature features release releases testing automation crm erp event events
  conference summit offsite newsletter content brand survey study evaluation assessment selection
  procurement consolidation cleanup optimization optimisation improvement improvements retention growth
  revenue forecast forecasting okr okrs kpi kpis goals handbook benefits setup rollout go live golive cutover
  transition implementation upgrade refresh revamp overhaul modernization modernisation
  phase workshop demo kickoff pitch proposal requirements design development build deployment
  sales marketing finance legal operations ops engineering eng hr people it product
  q quarter quarterly annual yearly half year
`);

/**
 * Kinds of work among the generic words: after a separator one of these still tells projects apart ("Globex –
 * onboarding" / "Globex renewal"), where any other generic word there is only what the item is about.
 */
export const WORK_WORDS = words(`
  renewal onboarding offboarding migration redesign rollout upgrade integration audit hiring recruiting launch
  relaunch rebrand rebranding refresh revamp overhaul implementation pilot expansion negotiation procurement
  consolidation cleanup optimization optimisation training campaign release deployment development partnership
  acquisition certification compliance modernization modernisation transition cutover setup golive evaluation
  assessment selection research survey study
`);

/** Departments and teams: a name made only of these is a team's meeting or channel, not a project. */
export const DEPARTMENT_WORDS = words(`
  design engineering eng dev devs marketing sales product finance hr legal ops operations it support people
  leadership management exec execs executive executives staff team teams squad crew company org everyone board
  all general random announcements announcement social watercooler help helpdesk office hands
`);

/** Recurring meetings of any team: a name made only of these and of departments is no project. */
export const ROUTINE_WORDS = words(`
  planning review grooming refinement backlog status demo sprint retro roadmap priorities okr okrs
  goals weekly daily standup sync kickoff catchup checkin update updates report reports business qbr mbr wbr
  ama offsite building bonding brainstorm brainstorming day metric metrics pipeline
`);

/**
 * What mail subjects and files say about a project (its deck, its contract, its next steps, its review): taken off
 * the end of a name while what is left still names something ("Website relaunch budget" → "Website relaunch"),
 * kept when it is the name ("Q3 budget review").
 */
export const TRAILING_WORDS = words(`
  proposal proposals contract contracts plan plans budget budgets timeline brief estimate estimates quote quotes
  invoice invoices sow nda msa agreement checklist requirement requirements image images asset assets photo
  photos mockup mockups wireframe wireframes screenshot screenshots video videos dependency dependencies risk
  risks action actions item items next step steps feedback question questions faq review reviews planning demo
  workshop session discussion debrief learnings lesson lessons postmortem results findings numbers figures cost
  costs overview summary kickoff
`);

/**
 * Meeting or page words that name the work when nothing else does ("Sales kickoff 2026", "Q2 board deck"): kept
 * then, dropped otherwise ("Website relaunch kickoff").
 */
export const NAMEABLE_DECORATIONS = words(`kickoff board offsite summit hackathon`);

/** A name holding any of these is time off, a social moment or a people meeting: never a project. */
export const NEVER_PROJECT_PATTERNS: readonly RegExp[] = [
  /\b1\s*[:\-x]\s*1\b/i,
  /\b1on1\b/i,
  /\bone[\s-]on[\s-]one\b/i,
  /\bskip[\s-]level\b/i,
  /\booo\b/i,
  /\bout of (the )?office\b/i,
  /\bpto\b/i,
  /\bvacation\b/i,
  /\bsick (day|leave)\b/i,
  // A hiring interview; user or customer interviews are research for a project.
  /(?<!\b(?:user|customer|client|usability|research|stakeholder|discovery|expert)s?[\s-])\binterview(s|ing)?\b/i,
  /\ball[\s-]?hands\b/i,
  /\btown[\s-]?hall\b/i,
  /\boffice hours\b/i,
  /\bfocus (time|block)\b/i,
  /\blunch\b/i,
  /\bbreakfast\b/i,
  /\bcoffee\b/i,
  /\bhappy hour\b/i,
  /\bbirthday\b/i,
  /\bdentist\b/i,
  /\bdoctor\b/i,
  /\bcommute\b/i,
  // A calendar hold or busy block ("Hold", "Busy", "Hold for Dana"), not "Legal hold".
  /^\W*(?:hold|busy|blocked|block)\W*$|^\W*hold (?:for|time)\b/i,
  /\bfarewell\b|\bwelcome drinks\b|\bteam drinks\b|\bcelebration\b|\bgames? night\b/i,
  /(?<!\b(?:third|3rd|counter|multi)[\s-])\bparty\b/i,
  /\bhappy (friday|monday|holidays?|new year)\b/i,
  /\bautomatic reply\b|\bauto[\s-]?reply\b|\bundeliverable\b/i,
  /\bperformance reviews?\b|\bcareer (chat|conversation)\b|\bgym\b/i,
  /\b(?:dentist|doctor|dr|medical|vet|hair|haircut)\.? appointment\b/i,
  /^\W*(no subject|untitled( (document|spreadsheet|presentation|form|drawing|page|doc|sheet|project))?|new (document|spreadsheet|page))\W*$/i,
];

/** Regions and markets: two names for different regions are different work. */
export const REGIONS = words(`
  emea apac amer americas latam na noram nam eu europe asia africa mea anz dach nordics benelux uk us usa
  india japan china germany france spain italy brazil mexico canada australia singapore
  north south east west central
`);

/** Month names; a month without a day is a period (`March newsletter`), with a day a meeting's date. */
export const MONTHS: ReadonlyMap<string, number> = new Map([
  ["january", 1],
  ["jan", 1],
  ["february", 2],
  ["feb", 2],
  ["march", 3],
  ["mar", 3],
  ["april", 4],
  ["apr", 4],
  ["may", 5],
  ["june", 6],
  ["jun", 6],
  ["july", 7],
  ["jul", 7],
  ["august", 8],
  ["aug", 8],
  ["september", 9],
  ["sept", 9],
  ["sep", 9],
  ["october", 10],
  ["oct", 10],
  ["november", 11],
  ["nov", 11],
  ["december", 12],
  ["dec", 12],
]);

/** File extensions the tools show at the end of a file's name. */
export const FILE_EXTENSION =
  /\.(xlsx|xlsm|xls|csv|docx|doc|pptx|ppt|pdf|txt|md|rtf|odt|ods|odp|key|numbers|pages|gdoc|gsheet|gslides|png|jpe?g|gif|svg|zip|fig|sketch|mp4|mov|json|html?)$/i;

/** Chat channel prefixes that say what kind of channel it is, not which project. */
export const CHANNEL_PREFIXES = words(`
  proj prj project pj ext shared team tmp temp wg ws initiative prog
`);

/** Short all-capital words that are not a tracker's project key when they lead a name. */
export const NOT_TRACKER_KEYS = words(`
  re fw fwd aw wg sv tr emea apac amer latam na eu uk us usa anz dach mea hr it pr ux ui qa ml ai api seo sem
  crm erp sap aws gcp gdpr soc iso kpi okr prd brd rfp rfi fyi ooo pto cx dx bi eng ops vp ceo cto cfo coo
  faq sla mvp poc pov b2b b2c smb ga ios tv db
`);

/** A word any project may use (a topic, a department, a routine): it counts half as evidence. */
export const isGeneric = (t: string): boolean =>
  TOPIC_WORDS.has(t) ||
  DEPARTMENT_WORDS.has(t) ||
  ROUTINE_WORDS.has(t) ||
  TRAILING_WORDS.has(t) ||
  TOPIC_WORDS.has(`${t}s`) ||
  DEPARTMENT_WORDS.has(`${t}s`);

/** How much a shared word says two names are the same work. */
export const weight = (t: string): number => (isGeneric(t) ? 0.5 : 1);
