import type { Adapter, AdapterFactory, AdapterPayload } from "oidc-provider";

interface Entry {
  payload: AdapterPayload;
  expiresAt: number;
}

/**
 * The development provider's storage: one Map per provider instance (oidc-provider's own quick-start adapter is a
 * process-wide LRU shared by every instance). Lost on restart, which suits a development stand-in: a browser
 * mid-sign-in simply starts again.
 */
export function memoryAdapter(now: () => number = Date.now): AdapterFactory {
  const store = new Map<string, Entry>();
  const grants = new Map<string, Set<string>>();
  const sessionUids = new Map<string, string>();

  const get = (key: string): AdapterPayload | undefined => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      store.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        store.set(key(id), { payload, expiresAt: now() + expiresIn * 1000 });
        if (model === "Session" && payload.uid) sessionUids.set(payload.uid, id);
        if (payload.grantId && model !== "Grant" && model !== "Session" && model !== "Interaction") {
          const keys = grants.get(payload.grantId) ?? new Set<string>();
          keys.add(key(id));
          grants.set(payload.grantId, keys);
        }
      },
      async find(id) {
        return get(key(id));
      },
      async findByUid(uid) {
        const id = sessionUids.get(uid);
        return id ? get(key(id)) : undefined;
      },
      async findByUserCode() {
        return undefined;
      },
      async consume(id) {
        const payload = get(key(id));
        if (payload) payload.consumed = Math.floor(now() / 1000);
      },
      async destroy(id) {
        store.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const k of grants.get(grantId) ?? []) store.delete(k);
        grants.delete(grantId);
      },
    };
  };
}
