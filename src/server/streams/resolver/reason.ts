/** The short human reason an item joined its Stream, from what was taken off its name and how it matched. */
import type { Comparison } from "./match";
import type { Decoration } from "./normalise";
import type { ResolverSignature } from "./signature";

/** The decoration a reader recognises first, when several came off. */
const ORDER: Decoration["kind"][] = [
  "mail",
  "calendar",
  "channel",
  "tracker",
  "file",
  "tag",
  "meeting",
  "date",
  "emoji",
];

function decorationReason(decorations: readonly Decoration[]): string {
  for (const kind of ORDER) {
    const found = decorations.find((d) => d.kind === kind);
    if (!found) continue;
    switch (kind) {
      case "mail":
      case "tag":
        return `same name once '${found.text}' is removed`;
      case "calendar":
        return "calendar invitation of the same name";
      case "channel":
        return "channel name";
      case "tracker":
        return "tracker key removed";
      case "file":
        return found.text.startsWith(".")
          ? "same name without the file extension"
          : `same name once '${found.text}' is removed`;
      case "meeting":
        return `same name without '${found.text}'`;
      case "date":
        return "same name without the date";
      case "emoji":
        return "same name without the emoji";
    }
  }
  return "same name";
}

const people = (n: number): string => (n === 1 ? "1 of its people" : `${n} of its people`);

export function reasonFor(item: ResolverSignature, match: Comparison, sharedPeople: number): string {
  const sharedText = match.shared
    .map((i) => item.words[i] ?? item.tokens[i])
    .join(" ")
    .toLowerCase();
  switch (match.how) {
    case "equal":
    case "joined": {
      const base = decorationReason(item.decorations);
      return base === "same name" && match.how === "joined" ? "same words written together" : base;
    }
    case "typo": {
      const at = match.typo === undefined ? -1 : item.tokens.indexOf(match.typo);
      return `same name apart from a typo ('${item.words[at] ?? match.typo ?? ""}')`;
    }
    case "subset":
      return sharedPeople > 0
        ? `shares '${sharedText}' and ${people(sharedPeople)}`
        : `shares '${sharedText}'`;
    case "abbreviation":
      return `shares '${sharedText}' and ${people(sharedPeople)}`;
  }
}
