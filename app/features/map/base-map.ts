import type { ErrorEvent as MapErrorEvent, Map as MapLibre, StyleSpecification } from 'maplibre-gl';
import { mapStyleUrl } from '../../../worker/contracts/map';
import { stationsSource } from './station-markers';

/** loading; ready; unavailable: the style or its tiles could not be reached (the Worker down, say). */
export type BaseMapStatus = 'loading' | 'ready' | 'unavailable';

/** Under the markers when there is no base map: a plain background in the scheme's colour. */
export const plainStyle = (dark: boolean): StyleSpecification => ({
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': dark ? '#1c2634' : '#dbe7ee' } }],
});

/** How long a base map style may take to arrive before the map gives up on it and says so. */
export const styleTimeoutMs = 8000;

type MapError = MapErrorEvent & { sourceId?: string; tile?: unknown };

/**
 * Keeps the colour scheme's base map, served by this deployment (docs/decisions/0019), under the markers. The map
 * starts on the plain style so the markers are usable at once; the base map's style replaces it when it arrives. A style that fails or does not arrive in
 * time leaves the plain style in place and the status `unavailable`. `decorate` adds the markers' own source and
 * layer to every style the map switches to.
 */
export class BaseMap {
  private status: BaseMapStatus = 'loading';
  private started = false;
  private loading = false;
  private timer?: ReturnType<typeof setTimeout>;

  constructor(
    private map: MapLibre,
    private decorate: (style: StyleSpecification) => StyleSpecification,
    private report: (status: BaseMapStatus) => void,
    private dark: boolean,
  ) {
    map.on('error', this.onError);
    map.on('style.load', this.onStyleLoad);
    // A style can only be swapped for another once the first has loaded.
    map.once('style.load', () => {
      this.started = true;
      this.show(this.dark);
    });
  }

  show(dark: boolean) {
    this.dark = dark;
    if (!this.started) return;
    clearTimeout(this.timer);
    this.loading = true;
    // Once unavailable, the note stays until a base map has really arrived.
    if (this.status !== 'unavailable') this.set('loading');
    this.swap(new URL(mapStyleUrl(dark ? 'dark' : 'light'), location.href).href);
    this.timer = setTimeout(this.fail, styleTimeoutMs);
  }

  destroy() {
    clearTimeout(this.timer);
    this.map.off('error', this.onError);
    this.map.off('style.load', this.onStyleLoad);
  }

  private swap(style: StyleSpecification | string) {
    // Not diffed: a diffed swap fires no `style.load`, by which the base map is known to have arrived.
    this.map.setStyle(style, { diff: false, transformStyle: (_, next) => this.decorate(next) });
  }

  private set(status: BaseMapStatus) {
    this.status = status;
    this.report(status);
  }

  private onStyleLoad = () => {
    if (!this.loading) return;
    this.loading = false;
    clearTimeout(this.timer);
    this.set('ready');
  };

  private fail = () => {
    this.loading = false;
    clearTimeout(this.timer);
    // Also cancels a style request still under way.
    this.swap(plainStyle(this.dark));
    this.set('unavailable');
  };

  private onError = (event: MapError) => {
    // The style did not come, or it came but its tile source cannot be reached; single tiles that fail are not worth a note.
    const baseSourceFailed = event.sourceId !== undefined && event.sourceId !== stationsSource && event.tile === undefined;
    if (this.loading || (this.status === 'ready' && baseSourceFailed)) this.fail();
    else console.error(event.error);
  };
}
