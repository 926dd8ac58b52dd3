import type { ComponentType } from "react";
import { useOnDemand, type OnDemand } from "@/lib/on-demand";
import { Button } from "./button";
import { Spinner } from "./spinner";

/**
 * A part of a page whose code is fetched on demand (a tab's contents): the part once its code is here; until then a
 * loading state, or `failedText` and Try again when the fetch failed.
 */
export function OnDemandPanel({ code, failedText }: { code: OnDemand<ComponentType>; failedText: string }) {
  const { value: Loaded, failed, retry } = useOnDemand(code);
  if (Loaded) return <Loaded />;
  if (failed)
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
        <p className="text-sm text-destructive">{failedText}</p>
        <Button variant="outline" onClick={retry}>
          Try again
        </Button>
      </div>
    );
  return <Spinner className="py-12" />;
}
