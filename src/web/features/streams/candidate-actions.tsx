import { Loader2, MoreHorizontal } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { OnDemandTrigger } from "@/components/ui/on-demand-trigger";
import { onDemand } from "@/lib/on-demand";

/**
 * The rows' menu code (Radix's menu, with its popper, focus and dismiss layers) was half of what the streams page
 * downloaded before its first paint, for a menu that opens only on a press: it is fetched once the page is shown
 * (the candidates card prefetches it).
 */
export const candidateMenu = onDemand(() =>
  import("./candidate-menu").then((module) => module.CandidateMenu),
);

/** The row's menu button, as the stand-in and as the menu's trigger. */
export type MenuButton = (props: ComponentProps<typeof Button>) => React.JSX.Element;

/**
 * A row's actions menu. Fifty rows each holding a Radix DropdownMenu were most of the page's main-thread work when
 * the candidates arrived, so a row shows its menu button alone and mounts the menu on the first press, opened, as
 * Radix's trigger would have (OnDemandTrigger: busy until the code is here, a failed fetch said under it). The
 * button is busy too while the row's PulseMap is being created.
 */
export function CandidateActions({
  name,
  creating,
  onCreate,
}: {
  name: string;
  creating: boolean;
  onCreate: () => void;
}) {
  const button: MenuButton = (props) => {
    const busy = creating || props["aria-busy"] === true;
    return (
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Actions for ${name}`}
        {...props}
        aria-busy={busy}
      >
        {busy ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <MoreHorizontal aria-hidden="true" />
        )}
      </Button>
    );
  };
  return (
    <OnDemandTrigger
      code={candidateMenu}
      popup="menu"
      failedText="The menu could not be loaded. Please check your connection and try again."
      look={button}
      control={(CandidateMenu, opening) => (
        <CandidateMenu button={button} creating={creating} onCreate={onCreate} opening={opening} />
      )}
    />
  );
}
