import type { AltchaWidgetElement } from "altcha";
import type { CSSProperties, DetailedHTMLProps, HTMLAttributes } from "react";

/** The `<altcha-widget>` web component as a JSX element (the package's own React typings are not exported). */
declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      "altcha-widget": DetailedHTMLProps<HTMLAttributes<AltchaWidgetElement>, AltchaWidgetElement> & {
        challenge?: string;
        auto?: "off" | "onfocus" | "onload" | "onsubmit";
        name?: string;
        type?: "native" | "checkbox" | "switch";
        language?: string;
        style?: CSSProperties & Record<`--altcha-${string}`, string>;
      };
    }
  }
}

export type { AltchaWidgetElement };
