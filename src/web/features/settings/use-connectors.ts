import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  CONNECTOR_ERRORS,
  CONNECTOR_TYPES,
  isConnectorType,
  isPopupConnector,
  type ConnectorType,
  type ConnectorsList,
  type PopupConnector,
} from "@shared/connectors";
import { CONNECTOR_DETAILS } from "./constants";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";
import { useRealtimeChannel, type RealtimeChange } from "@/lib/realtime";
import { toast } from "@/lib/toast";
import {
  connectConnector,
  connectorsKey,
  disconnectConnector,
  setConnector,
  useConnectorStatuses,
} from "./api/connectors";
import { connectLinkUrl, openConnectPopup } from "./connect-popup";
import {
  DISCONNECTION_ERROR,
  FETCH_STATUSES_FAILED,
  NO_CONNECTION_URL,
  POPUP_BLOCKED,
  SIGNED_IN_REQUIRED,
  UPDATE_STATUS_FAILED,
  connectErrorTitle,
  connectInitiationFailed,
  disconnectFailed,
} from "./messages";

type Flags = Partial<Record<ConnectorType, boolean>>;

/** How often an open connect popup is checked. */
const POPUP_POLL_MS = 500;
/**
 * How long the workflow service's change may still take once nothing else is awaited: after the connect popup has
 * closed, or after the service has accepted a disconnect.
 */
const CHANGE_GRACE_MS = 5_000;

export interface ConnectorView {
  type: ConnectorType;
  name: string;
  description: string;
  enabled: boolean;
  /** SPEC §3 isConnecting: a popup flow (connect or disconnect) is waiting for its realtime change. */
  isConnecting: boolean;
  /** Where a popup flow is heading: on (connect) or off (disconnect). */
  connectingTo: boolean | undefined;
  /** A stored flip is on its way to the server. */
  isSaving: boolean;
}

function withStatus(
  list: ConnectorsList | undefined,
  type: ConnectorType,
  isActive: boolean,
): ConnectorsList {
  const others = (list?.connectors ?? []).filter((c) => c.type !== type);
  return { connectors: [...others, { type, is_active: isActive }] };
}

const without = (flags: Flags, type: ConnectorType): Flags => {
  const next = { ...flags };
  delete next[type];
  return next;
};

/**
 * SPEC §4 Connector switch. Statuses come from the server and stay current through the realtime connectors
 * channel. Asana and Google Drive connect through the workflow service's popup and change only when its event
 * arrives; every other connector's flip is stored for the user (decision 0071). One request per connector at a
 * time: a second click while one is under way does nothing.
 */
export function useConnectors() {
  const { user, session } = useAuth();
  const queryClient = useQueryClient();
  const statuses = useConnectorStatuses();
  const userId = user?.id;
  const key = useMemo(() => connectorsKey(userId), [userId]);
  /** Popup connectors waiting for their change, with the state they are heading for. */
  const [connecting, setConnecting] = useState<Flags>({});
  /** What the switch shows while a request is under way (the flip before the server confirms it). */
  const [shown, setShown] = useState<Flags>({});
  const busy = useRef(new Set<ConnectorType>());
  const popupWatchers = useRef(new Map<ConnectorType, ReturnType<typeof setInterval>>());
  /**
   * Disconnects waiting for their change: null while the request is under way, then the timer that ends the wait.
   */
  const disconnectWaits = useRef(new Map<ConnectorType, ReturnType<typeof setTimeout> | null>());

  useEffect(() => {
    const watchers = popupWatchers.current;
    const waits = disconnectWaits.current;
    return () => {
      watchers.forEach(clearInterval);
      waits.forEach((timer) => timer && clearTimeout(timer));
    };
  }, []);

  const serverState = useMemo(() => {
    const state: Flags = {};
    for (const c of statuses.data?.connectors ?? []) state[c.type] = c.is_active;
    return state;
  }, [statuses.data]);

  const settle = useCallback((type: ConnectorType) => {
    clearInterval(popupWatchers.current.get(type));
    popupWatchers.current.delete(type);
    const wait = disconnectWaits.current.get(type);
    if (wait) clearTimeout(wait);
    disconnectWaits.current.delete(type);
    busy.current.delete(type);
    setConnecting((flags) => without(flags, type));
    setShown((flags) => without(flags, type));
  }, []);

  const onChange = useCallback(
    (change: RealtimeChange) => {
      const type = change.row?.type;
      if (typeof type !== "string" || !isConnectorType(type)) return;
      const isActive = change.operation !== "DELETE" && change.row?.is_active === true;
      queryClient.setQueryData<ConnectorsList>(key, (list) => withStatus(list, type, isActive));
      if (isPopupConnector(type)) settle(type);
    },
    [queryClient, key, settle],
  );
  useRealtimeChannel("connectors", { invalidate: [key], onChange, enabled: Boolean(user) });

  // A refetch that already shows where a popup flow was heading ends it too (the change may come that way first).
  useEffect(() => {
    for (const type of Object.keys(connecting) as ConnectorType[]) {
      if ((serverState[type] ?? false) === connecting[type]) settle(type);
    }
  }, [serverState, connecting, settle]);

  useEffect(() => {
    if (statuses.isError) toast.error(FETCH_STATUSES_FAILED);
  }, [statuses.isError]);

  const failConnect = (type: PopupConnector, reason: string) => {
    toast.error(connectErrorTitle(CONNECTOR_DETAILS[type].name), { description: reason });
    settle(type);
  };

  const connect = async (type: PopupConnector) => {
    const name = CONNECTOR_DETAILS[type].name;
    const popup = openConnectPopup(type);
    if (!popup) return failConnect(type, POPUP_BLOCKED);
    setConnecting((flags) => ({ ...flags, [type]: true }));
    setShown((flags) => ({ ...flags, [type]: true }));
    let link: string | null;
    try {
      link = connectLinkUrl((await connectConnector(type))?.connect_link_url);
    } catch (error) {
      popup.close();
      const missing = error instanceof ApiError && error.code === CONNECTOR_ERRORS.connectLinkMissing;
      return failConnect(type, missing ? NO_CONNECTION_URL : connectInitiationFailed(name));
    }
    if (!link) {
      popup.close();
      return failConnect(type, NO_CONNECTION_URL);
    }
    popup.location.href = link;
    watchPopup(type, popup);
  };

  // A popup closed without an answer would leave the switch disabled for good: once it has been closed for a
  // while with no change, the attempt ends quietly and the switch is usable again.
  const watchPopup = (type: PopupConnector, popup: Window) => {
    let closedFor = 0;
    const timer = setInterval(() => {
      if (!popup.closed) return;
      if (closedFor === 0) void queryClient.invalidateQueries({ queryKey: key });
      closedFor += POPUP_POLL_MS;
      if (closedFor >= CHANGE_GRACE_MS) settle(type);
    }, POPUP_POLL_MS);
    popupWatchers.current.set(type, timer);
  };

  const failDisconnect = (type: PopupConnector) => {
    toast.error(DISCONNECTION_ERROR, { description: disconnectFailed(CONNECTOR_DETAILS[type].name) });
    settle(type);
  };

  const disconnect = async (type: PopupConnector) => {
    setConnecting((flags) => ({ ...flags, [type]: false }));
    disconnectWaits.current.set(type, null);
    let failed = false;
    try {
      await disconnectConnector(type);
    } catch {
      failed = true;
    }
    // The change can beat the answer: then the disconnect is over, and the switch may be on its next flow already.
    if (!disconnectWaits.current.has(type)) return;
    if (failed) failDisconnect(type);
    else awaitDisconnectChange(type);
  };

  // A service that accepts a disconnect and never reports back would leave the switch disabled for good: after the
  // same grace as a closed popup, the stored state is read again. Still on there means the disconnect failed (SPEC's
  // Disconnection Error), and the switch shows what is stored; already off means the change was only missed.
  const awaitDisconnectChange = (type: PopupConnector) => {
    const timer = setTimeout(async () => {
      await queryClient.invalidateQueries({ queryKey: key });
      // The change (or a newer flow on this switch) may have come while the list was read.
      if (disconnectWaits.current.get(type) !== timer) return;
      const stored = queryClient.getQueryData<ConnectorsList>(key)?.connectors.find((c) => c.type === type);
      if (stored?.is_active) failDisconnect(type);
      else settle(type);
    }, CHANGE_GRACE_MS);
    disconnectWaits.current.set(type, timer);
  };

  const flip = async (type: ConnectorType, next: boolean) => {
    const name = CONNECTOR_DETAILS[type].name;
    setShown((flags) => ({ ...flags, [type]: next }));
    try {
      const saved = await setConnector(type, next);
      queryClient.setQueryData<ConnectorsList>(key, (list) => withStatus(list, type, saved.is_active));
      if (next) toast.success("Connected", { description: `${name} is now connected.` });
      else toast.success("Disconnected", { description: `${name} has been disconnected.` });
    } catch {
      toast.error(UPDATE_STATUS_FAILED);
    } finally {
      settle(type);
    }
  };

  const toggle = (type: ConnectorType, next: boolean) => {
    if (!user || !session) {
      toast.error(SIGNED_IN_REQUIRED);
      return;
    }
    if (busy.current.has(type)) return;
    busy.current.add(type);
    if (isPopupConnector(type)) void (next ? connect(type) : disconnect(type));
    else void flip(type, next);
  };

  const connectors: ConnectorView[] = CONNECTOR_TYPES.map((type) => ({
    type,
    ...CONNECTOR_DETAILS[type],
    enabled: shown[type] ?? serverState[type] ?? false,
    isConnecting: connecting[type] !== undefined,
    connectingTo: connecting[type],
    isSaving: !isPopupConnector(type) && shown[type] !== undefined,
  }));

  return { connectors, toggle, loading: statuses.isLoading, signedIn: Boolean(user) };
}
