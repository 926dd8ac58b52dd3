import type { RealtimeChannelName } from "@shared/realtime";
import type { Database } from "../db/client";

/**
 * One entry per table that notifies on `pulse_changes` (migrations 0001 and 0006): the channel a change goes to
 * and the filter the server applies (ARCHITECTURE §5 Realtime). A client only ever sees rows whose `user_id` is
 * its token's user; `provider` narrows the two provider-keyed tables to Asana (SPEC §7).
 */
export interface ChannelDefinition {
  name: RealtimeChannelName;
  table: string;
  /** The column the NOTIFY payload's `key` names (a connector's type, an identity's provider). */
  keyColumn: "type" | "provider";
  /** Only rows whose key is this (SPEC §7: provider asana). */
  onlyKey?: string;
}

export const CHANNELS: Readonly<Record<RealtimeChannelName, ChannelDefinition>> = {
  connectors: { name: "connectors", table: "connectors", keyColumn: "type" },
  project_sync_preferences: {
    name: "project_sync_preferences",
    table: "project_sync_preferences",
    keyColumn: "provider",
    onlyKey: "asana",
  },
  user_identities: {
    name: "user_identities",
    table: "user_identities",
    keyColumn: "provider",
    onlyKey: "asana",
  },
};

const BY_TABLE = new Map(Object.values(CHANNELS).map((c) => [c.table, c]));

/** The NOTIFY payload of pulse.notify_row_change(): keys only, never row data. */
export interface ChangeNotice {
  table: string;
  op: "INSERT" | "UPDATE" | "DELETE";
  user_id: string | null;
  key: string | null;
}

export function parseNotice(payload: string): ChangeNotice | undefined {
  try {
    const value = JSON.parse(payload) as Partial<ChangeNotice>;
    if (typeof value.table !== "string" || !["INSERT", "UPDATE", "DELETE"].includes(String(value.op))) {
      return undefined;
    }
    return {
      table: value.table,
      op: value.op!,
      user_id: typeof value.user_id === "string" ? value.user_id : null,
      key: typeof value.key === "string" ? value.key : null,
    };
  } catch {
    return undefined;
  }
}

/** The channel a notice belongs to, when the channel's filter lets it through. */
export function channelOf(notice: ChangeNotice): ChannelDefinition | undefined {
  const channel = BY_TABLE.get(notice.table);
  if (!channel || notice.user_id === null || notice.key === null) return undefined;
  if (channel.onlyKey !== undefined && notice.key !== channel.onlyKey) return undefined;
  return channel;
}

/**
 * The changed row as it is now, read under the channel's filter for the notice's user: null once it is gone (a
 * DELETE, or a row deleted again before this read). Table and column names come from the registry, never input.
 */
export async function readRow(
  db: Database,
  channel: ChannelDefinition,
  userId: string,
  key: string,
): Promise<Record<string, unknown> | null> {
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT * FROM pulse.${channel.table} WHERE user_id = $1 AND ${channel.keyColumn} = $2`,
    [userId, key],
  );
  return row ?? null;
}
