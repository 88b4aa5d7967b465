import "leaflet/dist/leaflet.css";
import { divIcon, map as leafletMap, marker, tileLayer, type LatLngExpression } from "leaflet";

// Leaflet on the delivery map: imported only by components/checkout/delivery-map.tsx, on demand, so that the
// library and its stylesheet load on the pages that show a map and nowhere else.

const TILES = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** A pin drawn in SVG: Leaflet's default marker images would need their own paths in the bundle. */
const PIN = divIcon({
  className: "",
  html: '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="40" viewBox="0 0 30 40" aria-hidden="true"><path d="M15 1C7.3 1 1 7.1 1 14.7 1 25 15 39 15 39s14-14 14-24.3C29 7.1 22.7 1 15 1z" fill="#1d4ed8" stroke="#fff" stroke-width="2"/><circle cx="15" cy="15" r="5" fill="#fff"/></svg>',
  iconSize: [30, 40],
  iconAnchor: [15, 39],
});

const PLACE_ZOOM = 16;
const WORLD_CENTER: LatLngExpression = [20, 0];
const WORLD_ZOOM = 2;

/** About 10 cm: more digits say nothing about a delivery address. */
const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

function typedLocation(latitude: HTMLInputElement, longitude: HTMLInputElement): [number, number] | null {
  const lat = Number(latitude.value.trim());
  const lng = Number(longitude.value.trim());
  const valid = latitude.value.trim() !== "" && longitude.value.trim() !== "" && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  return valid ? [lat, lng] : null;
}

/**
 * Starts the map in `container` at the location already in the fields (else the whole world), keeps a pin on
 * the fields' location both ways, and returns what stops it.
 */
export function mountDeliveryMap(
  container: HTMLElement,
  { latitude, longitude, onTilesFailed }: { latitude: HTMLInputElement; longitude: HTMLInputElement; onTilesFailed: () => void },
): () => void {
  const start = typedLocation(latitude, longitude);
  const map = leafletMap(container);
  if (start) map.setView(start, PLACE_ZOOM);
  else map.setView(WORLD_CENTER, WORLD_ZOOM);
  // The customer pages send no referrer (their address holds the session id); OpenStreetMap's tile servers
  // require one, so the tiles get this site's origin, nothing more.
  tileLayer(TILES, { maxZoom: 19, attribution: ATTRIBUTION, referrerPolicy: "strict-origin" }).once("tileerror", onTilesFailed).addTo(map);
  const pin = marker(start ?? [0, 0], { icon: PIN, interactive: false, keyboard: false });
  if (start) pin.addTo(map);

  map.on("click", (event) => {
    const { lat, lng } = event.latlng.wrap();
    latitude.value = String(round(lat));
    longitude.value = String(round(lng));
    pin.setLatLng([lat, lng]).addTo(map);
  });
  const follow = () => {
    const typed = typedLocation(latitude, longitude);
    if (typed) pin.setLatLng(typed).addTo(map);
    else pin.remove();
  };
  latitude.addEventListener("change", follow);
  longitude.addEventListener("change", follow);
  return () => {
    latitude.removeEventListener("change", follow);
    longitude.removeEventListener("change", follow);
    map.remove();
  };
}
