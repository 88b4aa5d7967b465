"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";

type Status = "loading" | "ready" | "no-tiles" | "failed";

const subscribeToNothing = () => () => undefined;

/**
 * The map of the delivery location: shown only once scripts run (without them the latitude and longitude
 * fields are the whole story). Leaflet and its stylesheet load on demand, from this component only, so that
 * pages without a map never fetch them. A click on the map fills the fields; typing in them moves the marker.
 * When the tiles cannot load, the map still takes clicks, and a note says the fields work.
 */
export function DeliveryMap({
  latitudeId,
  longitudeId,
  messages,
}: {
  latitudeId: string;
  longitudeId: string;
  messages: { label: string; hint: string; unavailable: string };
}) {
  const container = useRef<HTMLDivElement>(null);
  // False on the server and until scripts run: no empty box without them. Leaflet measures its container when it
  // starts, so it starts once the box is shown.
  const shown = useSyncExternalStore(subscribeToNothing, () => true, () => false);
  const [status, setStatus] = useState<Status>("loading");

  useEffect(() => {
    if (!shown) return;
    let unmount: (() => void) | null = null;
    let cancelled = false;
    import("./leaflet-map")
      .then(({ mountDeliveryMap }) => {
        const latitude = document.getElementById(latitudeId);
        const longitude = document.getElementById(longitudeId);
        if (cancelled || !container.current || !(latitude instanceof HTMLInputElement) || !(longitude instanceof HTMLInputElement)) return;
        unmount = mountDeliveryMap(container.current, { latitude, longitude, onTilesFailed: () => setStatus("no-tiles") });
        setStatus((now) => (now === "loading" ? "ready" : now));
      })
      .catch(() => setStatus("failed"));
    return () => {
      cancelled = true;
      unmount?.();
    };
  }, [shown, latitudeId, longitudeId]);

  return (
    <>
      {/* Laid out left to right on an Arabic page too: Leaflet places its controls and tiles that way. */}
      <div
        ref={container}
        dir="ltr"
        role="region"
        aria-label={messages.label}
        hidden={!shown || status === "failed"}
        className="mt-3 h-72 w-full rounded-lg border-2 border-slate-400 bg-slate-100"
        data-testid="delivery-map"
      />
      {status === "ready" || status === "no-tiles" ? <p className="mt-1 text-sm text-slate-700">{messages.hint}</p> : null}
      <p aria-live="polite" className="mt-1 text-sm font-medium text-slate-900">
        {status === "no-tiles" || status === "failed" ? messages.unavailable : ""}
      </p>
    </>
  );
}
