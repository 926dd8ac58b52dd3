import { cn } from "@/lib/cn";

const GRID =
  "absolute inset-0 -z-10 bg-[linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] bg-[size:4rem_4rem] opacity-40";

/**
 * The faint grid and glow behind a hero band (place inside a `relative isolate` section). "center" glows behind a
 * full-screen hero; "top" fades down from the top edge of a page hero.
 */
export function HeroBackdrop({ placement }: { placement: "center" | "top" }) {
  const centred = placement === "center";
  return (
    <>
      <div
        aria-hidden="true"
        className={cn(
          GRID,
          centred
            ? "[mask-image:radial-gradient(ellipse_70%_60%_at_50%_40%,black,transparent)]"
            : "[mask-image:radial-gradient(ellipse_70%_70%_at_50%_0%,black,transparent)]",
        )}
      />
      <div
        aria-hidden="true"
        className={cn(
          "absolute left-1/2 -z-10 -translate-x-1/2 -translate-y-1/2 rounded-full blur-3xl",
          centred
            ? "top-[45%] size-[24rem] bg-primary/25 sm:size-[34rem]"
            : "top-0 size-[26rem] bg-primary/20 sm:size-[36rem]",
        )}
      />
    </>
  );
}
