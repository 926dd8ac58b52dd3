/**
 * Takes a name as a tool shows it apart: the tool's decorations (mail prefixes, channel conventions, tracker keys,
 * meeting and document words, file extensions, dates, emoji) come off and are remembered for the reason; what is
 * left is the project's words (transliterated, lower-case, plurals folded) and its distinguishers (periods,
 * versions, numbers, regions), which two names must not disagree on.
 */
import anyAscii from "any-ascii";
import {
  CHANNEL_PREFIXES,
  DECORATION_WORDS,
  DEPARTMENT_WORDS,
  ROUTINE_WORDS,
  TOPIC_WORDS,
  FILE_EXTENSION,
  MAIL_PREFIXES,
  MAIL_TAGS,
  MONTHS,
  NAMEABLE_DECORATIONS,
  NEVER_PROJECT_PATTERNS,
  NOT_TRACKER_KEYS,
  NOTE_PREFIXES,
  REGIONS,
  STOP_WORDS,
  TRAILING_WORDS,
  WORK_WORDS,
  weight,
} from "./vocabulary";

export type DecorationKind =
  "mail" | "tag" | "calendar" | "channel" | "file" | "tracker" | "meeting" | "date" | "emoji";

export interface Decoration {
  kind: DecorationKind;
  /** The text removed, as the tool showed it ("RE:", "WEB", ".xlsx", "weekly sync"). */
  text: string;
}

export interface ParsedName {
  /** The name without decorations, casing and accents kept. */
  plainName: string;
  /** The project's words: ASCII, lower-case, singular, in the order written. */
  tokens: string[];
  /** Each token as written (for reasons). */
  words: string[];
  /** Tokens from this index on came after a separator: what the item says about the project. */
  tailFrom: number;
  /** Periods, versions, numbers and regions, as "kind:value" (sorted, unique). */
  distinguishers: string[];
  decorations: Decoration[];
  /** A person's meeting, time off, a social moment: never a project whatever else it says. */
  neverProject: boolean;
  /** The name came in lower case only (a channel slug …). */
  lowerCaseOnly: boolean;
  /** Words after a separator were left out of the plain name. */
  subjectDropped: boolean;
}

/** Longer than any name a tool shows: the rest is ignored. */
const MAX_NAME_LENGTH = 300;

/** Stands for a separator among the words ("qq" starts no English word). */
const SEPARATOR_MARK = "qqseparatorqq";

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u200d|\ufe0f|\u20e3/gu;
const SHORTCODE = /:[a-z0-9_+-]{2,}:/gi;
const EMAIL = /\(?<?\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b>?\)?/g;
const CHAT_APPS = /slack|teams|discord|mattermost|chat|rocket/i;

/** Hyphenated or spaced compounds written one way here so each is one word. */
// Word boundaries that know accented letters: a plain \b would read "Lumière launch" as "Lumiè" + "re launch".
const word = (body: string): RegExp => new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, "giu");
const COMPOUNDS: readonly [RegExp, string][] = [
  [word("kick[\\s-]?offs?"), "kickoff"],
  [word("stand[\\s-]?ups?"), "standup"],
  [word("check[\\s-]?ins?"), "checkin"],
  [word("catch[\\s-]?ups?"), "catchup"],
  [word("follow[\\s-]?ups?"), "followup"],
  [word("sync[\\s-]?ups?"), "syncup"],
  [word("one[\\s-]?pagers?"), "onepager"],
  [word("write[\\s-]?ups?"), "writeup"],
  [word("go[\\s-]live"), "golive"],
  [word("bi[\\s-]?weekly"), "biweekly"],
  [word("re[\\s-]?launch"), "relaunch"],
  [word("notes by gemini"), "notes"],
  [word("meeting assets for"), "meeting"],
  [/\bare ready!?$/gi, "ready"],
];

const MONTH =
  "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\b";

/** A meeting's date and time (a day, not just a month: "March newsletter" keeps its month). */
const DATE_PATTERNS: readonly RegExp[] = [
  /\b(?:gmt|utc)\s*[+-]\s*\d{1,2}(?::?\d{2})?\b/gi,
  /\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b/g,
  /\b\d{1,2}[-/]\d{1,2}[-/]\d{2,4}\b/g,
  /\b\d{1,2}\.\d{1,2}\.\d{4}\b/g,
  /\b\d{1,2}\/\d{1,2}\b/g,
  /\b\d{1,2}:\d{2}(?:\s*[ap]\.?m\.?)?(?:\s*[-–]\s*\d{1,2}:\d{2}(?:\s*[ap]\.?m\.?)?)?/gi,
  /\b\d{1,2}\s*[ap]\.?m\.?\b/gi,
  new RegExp(`\\b${MONTH}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b(?:,?\\s+\\d{4})?`, "gi"),
  new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}\\.?(?:\\s+\\d{4})?`, "gi"),
];

/** A quarter, half or fiscal year in capitals ("Q3 – budget review"): a period, never a tracker key. */
const PERIOD_LIKE = /^(?:Q[1-4]|H[12]|FY\d{2,4}|[1-4]Q)(?:\d{2,4})?$/;

/** After a separator, any word but a kind of work is what the item is about ("– vendor shortlist", "– data mapping"). */
export const isSubjectWord = (token: string): boolean =>
  !WORK_WORDS.has(token) && !WORK_WORDS.has(`${token}s`);

/** Hyphens, underscores and dots as a slug's spaces; a dot between digits stays ("release-4.2"). */
const SLUG_SEPARATORS = /[-_]+|\.(?!\d)|(?<!\d)\./g;

const VERSION = /\bv?(\d+)\.(\d+)(?:\.(\d+))?\b/gi;

export const ascii = (text: string): string =>
  anyAscii(text)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** Folds plurals ("payments" → "payment", "policies" → "policy"): one rule, the same both sides. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return word.slice(0, -3) + "y";
  if (word.length > 3 && word.endsWith("s") && !/(ss|us|is|ys|os)$/.test(word) && !/^\d/.test(word)) {
    return word.slice(0, -1);
  }
  return word;
}

const allIn = (text: string, set: ReadonlySet<string>): boolean => {
  const parts = text
    .split(/[\s/]+/)
    .map(ascii)
    .filter((p) => p !== "");
  return parts.length > 0 && parts.every((p) => set.has(p));
};

function stripLeading(s: string, decorations: Decoration[]): string {
  let rest = s;
  for (let guard = 0; guard < 12; guard++) {
    const before = rest;
    rest = rest.replace(/^[\s\-–—|:.,>*~]+/, "");
    const bracket = /^[[(]([^\])]{1,40})[\])]\s*/.exec(rest);
    if (bracket) {
      const inner = bracket[1]!.trim();
      if (allIn(inner, MAIL_TAGS)) {
        decorations.push({ kind: "tag", text: bracket[0].trim() });
        rest = rest.slice(bracket[0].length);
        continue;
      }
      if (
        /^[A-Z][A-Z0-9]{1,9}(?:-\d+)?$/.test(inner) &&
        !NOT_TRACKER_KEYS.has(ascii(inner)) &&
        !PERIOD_LIKE.test(inner)
      ) {
        decorations.push({ kind: "tracker", text: inner });
        rest = rest.slice(bracket[0].length);
        continue;
      }
    }
    const prefix = /^([\p{L}][\p{L} ]{0,30}?)\s*(?:\[\d+\]|\(\d+\))?\s*:\s*/u.exec(rest);
    if (prefix && rest.length > prefix[0].length) {
      const word = prefix[1]!;
      if (allIn(word, MAIL_PREFIXES)) {
        const kind = /invit|accept|declin|tentativ|cancel|event/i.test(word) ? "calendar" : "mail";
        decorations.push({ kind, text: `${word.trim()}:` });
        rest = rest.slice(prefix[0].length);
        continue;
      }
      if (allIn(word, NOTE_PREFIXES) || allIn(word, DECORATION_WORDS)) {
        decorations.push({ kind: "meeting", text: `${word.trim()}:` });
        rest = rest.slice(prefix[0].length);
        continue;
      }
    }
    const key = /^([A-Z][A-Z0-9]{1,9})(?:-\d+)?(?:\s*[–—|:]\s*|\s+-\s+|:\s*)/.exec(rest);
    if (
      key &&
      !NOT_TRACKER_KEYS.has(ascii(key[1]!)) &&
      !PERIOD_LIKE.test(key[1]!) &&
      rest.length > key[0].length
    ) {
      decorations.push({ kind: "tracker", text: key[1]! });
      rest = rest.slice(key[0].length);
      continue;
    }
    const copy = /^copy of\s+/i.exec(rest);
    if (copy) {
      decorations.push({ kind: "file", text: "Copy of" });
      rest = rest.slice(copy[0].length);
      continue;
    }
    if (rest === before) break;
  }
  return rest;
}

interface Word {
  display: string;
  ascii: string;
  /**
   * The text written between this word and the one before it, when they were written together ("dbe22615",
   * "Q3-2026", "ACME_Corp"): the plain name joins them with it again instead of a space.
   */
  glue?: string;
  /** Its place among the words, so only neighbours are glued back together. */
  at?: number;
}

/** Stands for an underscore while the name is taken apart: a space to every pattern, an underscore on display. */
const UNDERSCORE = "\ue000";

/**
 * Stands between a word and the year written onto it ("84ec2092", "Kickoff2026"): a space to every pattern, nothing
 * on display, so the plain name keeps the tool's own text. A name's own whitespace is made spaces first, so this one
 * is always the resolver's.
 */
const YEAR_JOIN = "\u2008";

function tokenise(s: string): Word[] {
  const out: Word[] = [];
  let end = -1;
  for (const m of s.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu)) {
    const between = end < 0 ? " " : s.slice(end, m.index);
    end = m.index + m[0].length;
    const glue =
      between !== "" && /^[^\s]{1,2}$/u.test(between) && !/[–—|]/.test(between)
        ? between.replaceAll(UNDERSCORE, "_")
        : between === "" || between === YEAR_JOIN
          ? ""
          : undefined;
    const a = ascii(m[0].replace(/['’]s$/i, ""));
    // A word and its number written together ("ISO27001", "SOC2", "Office365") read as the two, shown as one.
    const joined = /^([a-z]{3,})(\d+)$/.exec(a);
    if (joined && !a.startsWith("qq") && /^[\p{L}]+\p{N}+$/u.test(m[0])) {
      const at = joined[1]!.length;
      out.push(
        { display: m[0].slice(0, at), ascii: joined[1]!, glue, at: out.length },
        { display: m[0].slice(at), ascii: joined[2]!, glue: "", at: out.length + 1 },
      );
    } else if (a !== "") out.push({ display: m[0], ascii: a, glue, at: out.length });
  }
  return out;
}

/** Words a run-together slug may start or end with, longest first ("vendorsecurityreview" → … "review"). */
const PEELABLE = [
  ...new Set(
    [
      DECORATION_WORDS,
      TRAILING_WORDS,
      TOPIC_WORDS,
      DEPARTMENT_WORDS,
      ROUTINE_WORDS,
      REGIONS,
      CHANNEL_PREFIXES,
    ].flatMap((set) => [...set].filter((w) => w.length >= 4)),
  ),
].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));

/**
 * A slug's words run together ("#saleskickoff2026", "#vendorsecurityreview"): digits come apart from letters and
 * known words come off either end while at least five letters are left.
 */
function unjoin(word: Word): Word[] {
  if (word.ascii.length < 9 || word.ascii.startsWith("qqversion") || PEELABLE.includes(word.ascii))
    return [word];
  const parts = split(word.ascii);
  // A word that does not come apart keeps its spelling (accents, casing) on display.
  if (parts.length === 1) return [word];
  return parts.map((a, i) => ({ display: a, ascii: a, glue: i === 0 ? word.glue : undefined }));
}

function split(whole: string): string[] {
  const parts = whole.split(/(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])/);
  const out: string[] = [];
  for (const part of parts) {
    const tail: string[] = [];
    const head: string[] = [];
    let rest = part;
    for (let guard = 0; guard < 4 && rest.length >= 9; guard++) {
      const suffix = PEELABLE.find((w) => rest.endsWith(w) && rest.length - w.length >= 5);
      if (suffix) {
        tail.unshift(suffix);
        rest = rest.slice(0, -suffix.length);
        continue;
      }
      const prefix = PEELABLE.find((w) => rest.startsWith(w) && rest.length - w.length >= 5);
      if (!prefix) break;
      head.push(prefix);
      rest = rest.slice(prefix.length);
    }
    out.push(...head, rest, ...tail);
  }
  return out;
}

/** A word the plain name may show; `tail` when it came after a separator, in what the item says about the work. */
interface Kept extends Word {
  core: boolean;
  tail: boolean;
}

interface Classified {
  kept: Kept[];
  tokens: string[];
  words: string[];
  decorationWords: string[];
  /** Tokens from this index on come after a separator ("… – vendor shortlist"): the item's subject, not its name. */
  tailFrom: number;
}

const totalWeight = (tokens: readonly string[]): number => tokens.reduce((sum, t) => sum + weight(t), 0);

function classify(
  words: readonly Word[],
  versions: readonly string[],
  distinguishers: Set<string>,
  keepNameable: boolean,
  lowerOnly: boolean,
): Classified {
  const kept: Kept[] = [];
  const tokens: string[] = [];
  const tokenWords: string[] = [];
  const decorationWords: string[] = [];
  let previous = "";
  let tailFrom = Number.POSITIVE_INFINITY;
  for (const w of words) {
    const a = w.ascii;
    if (a === SEPARATOR_MARK) {
      if (tokens.length > 0) tailFrom = Math.min(tailFrom, tokens.length);
      continue;
    }
    let distinguisher: string | null = null;
    let m: RegExpExecArray | null;
    if ((m = /^qqversion(\d+)qq$/.exec(a))) {
      kept.push({
        ...w,
        display: versions[Number(m[1])]!,
        core: false,
        tail: tailFrom <= tokens.length,
      });
      distinguishers.add(versionOf(versions[Number(m[1])]!));
      previous = "version:";
      continue;
    }
    if ((m = /^(?:fy)(\d{2}|\d{4})$/.exec(a))) distinguisher = `fy:${m[1]!.slice(-2)}`;
    else if (/^(19|20)\d\d$/.test(a)) distinguisher = `year:${a}`;
    else if ((m = /^q([1-4])(?:fy)?(\d{2}|\d{4})?$/.exec(a)) || (m = /^([1-4])q(\d{2}|\d{4})?$/.exec(a))) {
      distinguisher = `quarter:${m[1]}`;
      if (m[2]) distinguishers.add(`year:20${m[2].slice(-2)}`);
    } else if ((m = /^h([12])$/.exec(a))) distinguisher = `half:${m[1]}`;
    else if ((m = /^v(\d+)$/.exec(a))) distinguisher = `version:${Number(m[1])}`;
    else if (/^\d+$/.test(a)) {
      distinguisher =
        a.length === 2 && /^(quarter|half):/.test(previous) ? `year:20${a}` : `number:${Number(a)}`;
    } else if (MONTHS.has(a) && (a !== "may" || w.display === "May") && (a.length > 3 || w.display !== a)) {
      distinguisher = `month:${MONTHS.get(a)}`;
    } else if (REGIONS.has(a) && (a.length > 2 || lowerOnly || w.display === w.display.toUpperCase())) {
      distinguisher = `region:${a === "usa" ? "us" : a}`;
    }
    if (distinguisher) {
      distinguishers.add(distinguisher);
      kept.push({ ...w, core: false, tail: tailFrom <= tokens.length });
      previous = distinguisher;
      continue;
    }
    previous = a;
    if (STOP_WORDS.has(a)) {
      kept.push({ ...w, core: false, tail: tailFrom <= tokens.length });
      continue;
    }
    if (
      (DECORATION_WORDS.has(a) || DECORATION_WORDS.has(stem(a))) &&
      !(keepNameable && NAMEABLE_DECORATIONS.has(a))
    ) {
      decorationWords.push(w.display);
      continue;
    }
    const token = stem(a);
    if (tokens.includes(token)) continue;
    kept.push({ ...w, core: true, tail: tailFrom <= tokens.length });
    tokens.push(token);
    tokenWords.push(w.display);
  }
  return { kept, tokens, words: tokenWords, decorationWords, tailFrom: Math.min(tailFrom, tokens.length) };
}

const versionOf = (text: string): string => {
  const [major, minor, patch] = text.replace(/^v/i, "").split(".").map(Number);
  return `version:${major}.${minor}${patch === undefined ? "" : `.${patch}`}`;
};

export function parseName(rawName: string, sourceApp: string): ParsedName {
  const decorations: Decoration[] = [];
  // Names are short; a hostile one is cut before any pattern runs over it.
  let s = rawName.slice(0, MAX_NAME_LENGTH).normalize("NFC");
  const withoutEmoji = s.replace(EMOJI, " ").replace(SHORTCODE, " ");
  if (withoutEmoji !== s) decorations.push({ kind: "emoji", text: "emoji" });
  s = withoutEmoji.replace(/\s+/g, " ").trim();
  const transliterated = anyAscii(s);
  const neverProject = NEVER_PROJECT_PATTERNS.some((p) => p.test(transliterated));

  s = s.replace(EMAIL, " ");
  const at = s.search(/\s@\s/);
  if (at > 0) {
    decorations.push({ kind: "calendar", text: s.slice(at).trim() });
    s = s.slice(0, at);
  }
  s = stripLeading(s, decorations);

  const ext = FILE_EXTENSION.exec(s.trim());
  if (ext) {
    decorations.push({ kind: "file", text: ext[0] });
    s = s.trim().slice(0, -ext[0].length);
    // A file's revision ("_v2", " (1)") is the file's, not the project's.
    s = s.replace(/(?:[\s_-]+v\d+|\s*\(\d+\))$/i, (revision) => {
      decorations.push({ kind: "file", text: revision.trim() });
      return "";
    });
  }
  // A short note in brackets at the end ("(draft)", "(tracking)") says how the item stands, not what it is.
  s = s.replace(/\s*\(([^()]{1,24})\)\s*$/, (note, inner: string) => {
    if (/\d/.test(inner) || inner.split(/\s+/).some((w) => REGIONS.has(ascii(w)))) return note;
    decorations.push({ kind: "meeting", text: note.trim() });
    return "";
  });
  s = s.replace(/\b([A-Z][A-Z0-9]{1,9})-\d+\b/g, (key, prefix: string) => {
    // "Q3-2026", "FY26-2" are periods written like a tracker key.
    if (PERIOD_LIKE.test(prefix)) return key;
    decorations.push({ kind: "tracker", text: key });
    return " ";
  });

  const trimmed = s.trim();
  // The name as the tool wrote it, less its true decorations (mail prefixes, tracker keys, file extensions): what
  // the plain name falls back to when taking words off leaves nothing that names anything ("Project 1").
  const written = trimmed.replace(/^#+/, "").replace(/\s+/g, " ").trim();
  const isChannel =
    trimmed.startsWith("#") ||
    (CHAT_APPS.test(sourceApp) && /^[\w.-]+$/u.test(trimmed) && /[-_]/.test(trimmed));
  if (isChannel) {
    decorations.push({ kind: "channel", text: "#" });
    s = trimmed.replace(/^#+/, "").replace(SLUG_SEPARATORS, " ");
    const first = /^(\S+)\s+\S/.exec(s);
    if (first && CHANNEL_PREFIXES.has(ascii(first[1]!))) s = s.slice(first[1]!.length);
  } else if (ext && !/\s/.test(trimmed)) {
    s = s.replace(SLUG_SEPARATORS, " ");
  } else {
    s = s.replace(/_/g, UNDERSCORE);
  }

  // Joined keeping the writer's casing ("Kick-off" → "Kickoff"), which the plain name shows.
  for (const [pattern, word] of COMPOUNDS) {
    s = s.replace(pattern, (found) =>
      ascii(found) === word || ascii(found) === `${word}s` ? found.replace(/[\s-]/g, "") : word,
    );
  }
  const slug = isChannel || Boolean(ext && !/\s/.test(trimmed));
  // A slug's words are shown apart anyway ("#saleskickoff2026" → "Sales kickoff 2026").
  s = s.replace(/(\p{L})((?:19|20)\d\d)\b/gu, slug ? "$1 $2" : `$1${YEAR_JOIN}$2`);
  // Dates, times and versions all hold a digit: most names hold none and skip these patterns.
  const digits = /\d/.test(s);
  for (const pattern of digits ? DATE_PATTERNS : []) {
    s = s.replace(pattern, (date) => {
      decorations.push({ kind: "date", text: date.trim() });
      return " ";
    });
  }
  const distinguishers = new Set<string>();
  const versions: string[] = [];
  if (digits) {
    s = s.replace(VERSION, (version: string) => {
      versions.push(version);
      return ` qqversion${versions.length - 1}qq `;
    });
  }

  // Separators between a name and what the item says about it: " – ", " - ", ": ", " | ".
  if (!slug) s = s.replace(/\s+[-–—|]+\s+|\s*[–—|]\s*|:\s+/g, ` ${SEPARATOR_MARK} `);
  const words = slug ? tokenise(s).flatMap(unjoin) : tokenise(s);
  words.forEach((w, i) => (w.at = i));
  const lowerOnly = !/\p{Lu}/u.test(s);
  let classified = classify(words, versions, distinguishers, false, lowerOnly);
  let nameable = false;
  // "Sales kickoff 2026": when the kickoff is all that names the work, it stays part of the name.
  if (
    totalWeight(classified.tokens) < 1 &&
    classified.decorationWords.some((w) => NAMEABLE_DECORATIONS.has(ascii(w)))
  ) {
    distinguishers.clear();
    classified = classify(words, versions, distinguishers, true, lowerOnly);
    nameable = true;
  }
  const { kept, tokens, words: tokenWords } = classified;
  let { tailFrom } = classified;
  // Trailing deck, contract, next steps …, while what is left still names something.
  const trailing: string[] = [];
  while (tokens.length > 1) {
    const last = tokens[tokens.length - 1]!;
    if (!TRAILING_WORDS.has(last) && !TRAILING_WORDS.has(`${last}s`)) break;
    if (nameable && NAMEABLE_DECORATIONS.has(last)) break;
    const rest = totalWeight(tokens.slice(0, -1));
    if (rest < 1) break;
    tokens.pop();
    tailFrom = Math.min(tailFrom, tokens.length);
    trailing.unshift(tokenWords.pop()!);
    const at = kept.map((w) => w.core).lastIndexOf(true);
    kept.splice(at, 1);
  }
  const dropped = [...classified.decorationWords, ...trailing];
  if (dropped.length > 0) decorations.push({ kind: "meeting", text: dropped.join(" ") });

  // The plain name leaves out what the item says after a separator ("– vendor shortlist"), keeping its periods.
  const isSubject = (w: Kept) => w.tail && w.core && isSubjectWord(stem(w.ascii));
  const subjectDropped = kept.some(isSubject) && kept.some((w) => w.core && !w.tail);
  if (subjectDropped) {
    for (let i = kept.length - 1; i >= 0; i--) {
      const w = kept[i]!;
      const nextIsKept = kept.slice(i + 1).some((n) => n.tail && !isSubject(n) && !STOP_WORDS.has(n.ascii));
      if (isSubject(w) || (w.tail && STOP_WORDS.has(w.ascii) && !nextIsKept)) kept.splice(i, 1);
    }
  }
  // Stop words only between kept words: "Notes for the launch" reads "launch", not "for the launch".
  let first = kept.findIndex((w) => w.core || !STOP_WORDS.has(w.ascii));
  let last = kept.length - 1;
  while (last >= 0 && !kept[last]!.core && STOP_WORDS.has(kept[last]!.ascii)) last--;
  if (first < 0) first = kept.length;
  let plainName = kept
    .slice(first, last + 1)
    .map((w, i, shown) => {
      const before = shown[i - 1];
      // Written together in the tool ("dbe22615", "Q3-2026", "ACME_Corp"): shown together.
      const together = i > 0 && w.glue !== undefined && before?.at !== undefined && w.at === before.at + 1;
      return `${i === 0 ? "" : together ? w.glue : " "}${w.display}`;
    })
    .join("");
  // Only a number, a period or a generic word is left ("Project 1" → "1", "Project plan" → "Plan"): the name as
  // written says more.
  if (totalWeight(tokens) < 1 && plainName !== "" && written !== "") plainName = written;
  const lowerCaseOnly = plainName !== "" && plainName === plainName.toLowerCase();
  // A slug's first letter, not a version's or a code's ("v2.1 rollout" stays as written).
  if (lowerCaseOnly && !/^\p{L}+[\p{N}.]/u.test(plainName))
    plainName = plainName.charAt(0).toUpperCase() + plainName.slice(1);
  return {
    plainName: plainName.trim(),
    tokens,
    words: tokenWords,
    tailFrom,
    distinguishers: [...distinguishers].sort(),
    decorations,
    neverProject,
    lowerCaseOnly,
    subjectDropped,
  };
}
