import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { onDemand, useOnDemand, useOnDemandOnPress, type OnDemand } from "./on-demand";

/** A fetch the test settles: `answer(value)` or `fail()` the pending one; `calls` counts them. */
function controlledFetch<T>() {
  const pending: { resolve: (value: T) => void; reject: (error: Error) => void }[] = [];
  const fetch = vi.fn(() => new Promise<T>((resolve, reject) => pending.push({ resolve, reject })));
  return {
    fetch,
    answer: (value: T) => pending.shift()!.resolve(value),
    fail: () => pending.shift()!.reject(new TypeError("Failed to fetch dynamically imported module")),
  };
}

describe("onDemand", () => {
  it("fetches once however often it is asked, and keeps what it fetched", async () => {
    const code = controlledFetch<string>();
    const onDemandCode = onDemand(code.fetch);
    expect(onDemandCode.loaded()).toBeUndefined();
    const first = onDemandCode.load();
    const second = onDemandCode.load();
    code.answer("the code");
    expect(await first).toBe("the code");
    expect(await second).toBe("the code");
    expect(await onDemandCode.load()).toBe("the code");
    expect(onDemandCode.loaded()).toBe("the code");
    expect(code.fetch).toHaveBeenCalledTimes(1);
  });

  it("does not keep a failed fetch: the next ask fetches again", async () => {
    const code = controlledFetch<string>();
    const onDemandCode = onDemand(code.fetch);
    const failed = onDemandCode.load();
    code.fail();
    await expect(failed).rejects.toThrow(TypeError);
    expect(onDemandCode.loaded()).toBeUndefined();
    const again = onDemandCode.load();
    code.answer("the code");
    expect(await again).toBe("the code");
    expect(code.fetch).toHaveBeenCalledTimes(2);
  });
});

function Shown({ code }: { code: OnDemand<() => string> }) {
  const { value, failed, retry } = useOnDemand(code);
  if (value) return <p>{value()}</p>;
  if (failed) return <button onClick={retry}>Try again</button>;
  return <p role="status">Loading...</p>;
}

describe("useOnDemand", () => {
  it("fetches when first shown and shows the code once it is here (a component-like function, not called early)", async () => {
    const code = controlledFetch<() => string>();
    render(<Shown code={onDemand(code.fetch)} />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    code.answer(() => "Loaded code");
    expect(await screen.findByText("Loaded code")).toBeInTheDocument();
    expect(code.fetch).toHaveBeenCalledTimes(1);
  });

  it("code already fetched is shown in the first render, with no loading state", async () => {
    const code = controlledFetch<() => string>();
    const onDemandCode = onDemand(code.fetch);
    const loading = onDemandCode.load();
    code.answer(() => "Loaded code");
    await loading;
    render(<Shown code={onDemandCode} />);
    expect(screen.getByText("Loaded code")).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("a failed fetch is reported; retry fetches again and shows the code", async () => {
    const code = controlledFetch<() => string>();
    render(<Shown code={onDemand(code.fetch)} />);
    code.fail();
    const retry = await screen.findByRole("button", { name: "Try again" });
    await userEvent.click(retry);
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    code.answer(() => "Loaded code");
    expect(await screen.findByText("Loaded code")).toBeInTheDocument();
    expect(code.fetch).toHaveBeenCalledTimes(2);
  });
});

function Pressed({ code }: { code: OnDemand<() => string> }) {
  const { value, pending, failed, press } = useOnDemandOnPress(code);
  if (value) return <p>{value()}</p>;
  return (
    <>
      <button aria-busy={pending} onClick={press}>
        Open
      </button>
      {failed && <p role="alert">Failed</p>}
    </>
  );
}

describe("useOnDemandOnPress", () => {
  it("fetches nothing until pressed, is pending until the code is here, then shows it", async () => {
    const code = controlledFetch<() => string>();
    render(<Pressed code={onDemand(code.fetch)} />);
    expect(code.fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(screen.getByRole("button", { name: "Open" })).toHaveAttribute("aria-busy", "true");
    code.answer(() => "Loaded code");
    expect(await screen.findByText("Loaded code")).toBeInTheDocument();
    expect(code.fetch).toHaveBeenCalledTimes(1);
  });

  it("code already fetched is not shown before the press, and at once on it", async () => {
    const code = controlledFetch<() => string>();
    const onDemandCode = onDemand(code.fetch);
    const loading = onDemandCode.load();
    code.answer(() => "Loaded code");
    await loading;
    render(<Pressed code={onDemandCode} />);
    expect(screen.queryByText("Loaded code")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(screen.getByText("Loaded code")).toBeInTheDocument();
  });

  it("a failed fetch is reported and no longer pending; the next press fetches again", async () => {
    const code = controlledFetch<() => string>();
    render(<Pressed code={onDemand(code.fetch)} />);
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    code.fail();
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed");
    expect(screen.getByRole("button", { name: "Open" })).toHaveAttribute("aria-busy", "false");
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open" })).toHaveAttribute("aria-busy", "true");
    code.answer(() => "Loaded code");
    expect(await screen.findByText("Loaded code")).toBeInTheDocument();
    expect(code.fetch).toHaveBeenCalledTimes(2);
  });
});
