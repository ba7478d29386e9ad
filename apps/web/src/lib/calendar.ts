/** The file as a link target: `<a href={icsHref(ics)} download="….ics">`. */
export const icsHref = (ics: string) => `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;

/** A Google Maps search for a place, as people open it on a phone or a laptop. */
export const mapsSearchUrl = (place: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;
