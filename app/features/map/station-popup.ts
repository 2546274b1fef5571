import { Popup, type Map as MapLibre } from 'maplibre-gl';
import { m } from '~/paraglide/messages';
import { stateName } from './marker-look';
import type { StationFeature } from './station-features';

export interface PopupHandlers {
  /** The station's charts address, so the link is a real one (new tab, copy address). */
  href(id: string): string;
  open(id: string): void;
  /** Closed from inside (its button or Escape): the station is no longer selected. */
  closed(id: string, fromKeyboard: boolean): void;
}

/** The selected station's name, state and the way to its charts, above its marker. Plain DOM, like the markers. */
export class StationPopup {
  private popup = new Popup({
    closeButton: false,
    closeOnClick: false,
    closeOnMove: false,
    focusAfterOpen: false,
    offset: 16,
    maxWidth: '18rem',
    className: 'station-popup',
  });
  private shown: string | null = null;
  private closedByKey = false;
  private look = '';

  constructor(
    private map: MapLibre,
    private handlers: PopupHandlers,
  ) {
    this.popup.on('close', () => {
      const id = this.shown;
      this.shown = null;
      if (id !== null) this.handlers.closed(id, this.closedByKey);
      this.closedByKey = false;
    });
  }

  /** Shows (or refreshes) the popup of a station; `focus` moves the keyboard into it, to its link. */
  show(station: StationFeature, focus = false) {
    const { id, name, state } = station.properties;
    // Rebuilt only when something it shows changed, so the keyboard stays where it is in it.
    const look = `${id}|${name}|${state}`;
    if (look === this.look && this.shown === id && !focus) return;
    this.look = look;
    const body = document.createElement('div');
    body.className = 'station-popup-body';
    body.dataset.station = id;
    body.appendChild(Object.assign(document.createElement('p'), { className: 'station-popup-name', textContent: name }));
    const named = stateName(state);
    if (named) body.appendChild(Object.assign(document.createElement('p'), { className: 'station-popup-state', textContent: named }));
    const link = Object.assign(document.createElement('a'), {
      className: 'station-popup-link',
      href: this.handlers.href(id),
      textContent: m.map_open_charts(),
    });
    link.setAttribute('aria-label', m.stations_open_charts({ name }));
    link.addEventListener('click', (event) => {
      // Modified clicks keep the browser's meaning (new tab or window).
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      this.handlers.open(id);
    });
    const close = Object.assign(document.createElement('button'), { type: 'button', className: 'station-popup-close', textContent: '×' });
    close.setAttribute('aria-label', m.action_close());
    close.addEventListener('click', (event) => this.close(event.detail === 0));
    body.appendChild(link);
    body.appendChild(close);
    body.addEventListener('keydown', (event) => event.key === 'Escape' && this.close(true));
    this.popup.setLngLat(station.geometry.coordinates as [number, number]).setDOMContent(body);
    // Adding an open popup again would close it first, and tell the page its station was deselected.
    if (!this.popup.isOpen()) this.popup.addTo(this.map);
    this.shown = id;
    if (focus) link.focus();
  }

  get station() {
    return this.shown;
  }

  private close(fromKeyboard: boolean) {
    this.closedByKey = fromKeyboard;
    this.popup.remove();
  }

  /** Closes the popup from outside (the selection moved on): nobody is told, the one who moved it knows. */
  hide() {
    if (this.shown === null) return;
    this.shown = null;
    this.popup.remove();
  }
}
