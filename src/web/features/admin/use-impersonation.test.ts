import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useImpersonation } from "./use-impersonation";

describe("useImpersonation", () => {
  it("starts only with a user and a reason that is not blank", () => {
    const { result } = renderHook(() => useImpersonation());
    expect(result.current.canStart).toBe(false);
    act(() => result.current.setUserId("u-2"));
    act(() => result.current.setReason(" \t "));
    expect(result.current.canStart).toBe(false);
    let started = true;
    act(() => {
      started = result.current.start();
    });
    expect(started).toBe(false);
    expect(result.current.active).toBe(false);
    act(() => result.current.setReason("Audit"));
    act(() => {
      started = result.current.start();
    });
    expect(started).toBe(true);
    expect(result.current.active).toBe(true);
  });

  it("stop returns to inactive and clears the user and the reason", () => {
    const { result } = renderHook(() => useImpersonation());
    act(() => {
      result.current.setUserId("u-1");
      result.current.setReason("Audit");
    });
    act(() => void result.current.start());
    act(() => result.current.stop());
    expect(result.current).toMatchObject({ active: false, userId: "", reason: "", canStart: false });
  });
});
