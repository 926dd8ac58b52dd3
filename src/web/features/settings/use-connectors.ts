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
import { CONNECTOR_DETAILS } from "@shared/constants";
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

/** How often an open connect popup is checked, and how long after it closes its change may still arrive. */
const POPUP_POLL_MS = 500;
const POPUP_CLOSED_GRACE_MS = 5_000;

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

  useEffect(() => {
    const watchers = popupWatchers.current;
    return () => watchers.forEach(clearInterval);
  }, []);

  const serverState = useMemo(() => {
    const state: Flags = {};
    for (const c of statuses.data?.connectors ?? []) state[c.type] = c.is_active;
    return state;
  }, [statuses.data]);

  const settle = useCallback((type: ConnectorType) => {
    clearInterval(popupWatchers.current.get(type));
    popupWatchers.current.delete(type);
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

  const connect = async (type: PopupConnector, token: string) => {
    const name = CONNECTOR_DETAILS[type].name;
    const popup = openConnectPopup(type);
    if (!popup) return failConnect(type, POPUP_BLOCKED);
    setConnecting((flags) => ({ ...flags, [type]: true }));
    setShown((flags) => ({ ...flags, [type]: true }));
    let link: string | null;
    try {
      link = connectLinkUrl((await connectConnector(type, token))?.connect_link_url);
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
      if (closedFor >= POPUP_CLOSED_GRACE_MS) settle(type);
    }, POPUP_POLL_MS);
    popupWatchers.current.set(type, timer);
  };

  const disconnect = async (type: PopupConnector, token: string) => {
    setConnecting((flags) => ({ ...flags, [type]: false }));
    try {
      await disconnectConnector(type, token);
    } catch {
      toast.error(DISCONNECTION_ERROR, { description: disconnectFailed(CONNECTOR_DETAILS[type].name) });
      settle(type);
    }
  };

  const flip = async (type: ConnectorType, next: boolean, token: string) => {
    const name = CONNECTOR_DETAILS[type].name;
    setShown((flags) => ({ ...flags, [type]: next }));
    try {
      const saved = await setConnector(type, next, token);
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
    if (isPopupConnector(type))
      void (next ? connect(type, session.access_token) : disconnect(type, session.access_token));
    else void flip(type, next, session.access_token);
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
