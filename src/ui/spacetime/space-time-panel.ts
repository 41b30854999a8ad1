/**
 * The space–time panel under the canvas in pipe scenes (run.spaceTime): the rows the worker hands over
 * with every status poll (SimApi.takeSpaceTime) go into a SpaceTimeImage, whose pixels are one Pixi
 * texture drawn ROW_PX pixels per row and stretched across the panel's width. It has its own small Pixi
 * application that draws only when rows arrive or the panel changes size, never on a ticker.
 */
import { Application, BufferImageSource, Sprite, Texture } from 'pixi.js';
import type { SpaceTimeChunk, SpaceTimeInfo } from '../../protocol/api';
import { BACKGROUND } from '../palette';
import { densityCss } from './density-ramp';
import { firstShownRow, SpaceTimeImage } from './space-time-image';
import { spaceTimeHelp, spaceTimeKey, spaceTimeStats, spaceTimeTitle } from './space-time-text';
import { waveSpeed } from './wave-speed';

/** CSS pixels per row (per sample) */
export const ROW_PX = 2;
/** The waves' speed is estimated again at most this often while rows arrive [ms of wall time] */
const WAVES_EVERY_MS = 1000;

export interface SpaceTimeElements {
  /** the whole panel (hidden outside pipe scenes) */
  root: HTMLElement;
  /** where the canvas goes */
  host: HTMLElement;
  title: HTMLElement;
  stats: HTMLElement;
}

export class SpaceTimePanel {
  private readonly app = new Application();
  private readonly sprite = new Sprite();
  private image: SpaceTimeImage | null = null;
  private texture: Texture | null = null;
  private info: SpaceTimeInfo | null = null;
  /** the scene (SimStatus.staticVersion) the image belongs to */
  private sceneVersion = -1;
  private sd = NaN;
  private sdInitial = NaN;
  /** the waves' speed [m/s], the image version it was estimated from and when [performance.now() ms] */
  private waves = { speed: NaN, version: -1, at: -Infinity };
  /** the image version in the texture, and the image version and panel size last drawn */
  private uploaded = -1;
  private drawn = '';
  /** the colour map's key beside the title, in the panel's head row (it never lies over the canvas or the picture) */
  private readonly key = document.createElement('span');
  private readonly keyText = document.createElement('span');

  constructor(private readonly el: SpaceTimeElements) {
    const bar = document.createElement('span');
    bar.className = 'spacetime-bar';
    bar.style.background = densityCss();
    this.key.className = 'spacetime-key';
    this.key.dataset.testid = 'spacetime-key';
    this.key.append(bar, this.keyText);
    el.title.after(this.key);
  }

  async init(): Promise<void> {
    await this.app.init({
      width: 16, height: 16, background: BACKGROUND, antialias: false, preference: 'webgl', autoStart: false,
      autoDensity: true, resolution: Math.min(2, window.devicePixelRatio || 1), preserveDrawingBuffer: true,
    });
    this.app.canvas.setAttribute('data-testid', 'spacetime-canvas');
    this.el.host.appendChild(this.app.canvas);
    this.app.stage.addChild(this.sprite);
    new ResizeObserver(() => this.draw()).observe(this.el.host);
  }

  get shown(): boolean {
    return this.info !== null;
  }

  /** Shows the panel for a pipe scene's bins, or hides it (null). */
  setScene(info: SpaceTimeInfo | null): void {
    this.info = info;
    if (this.el.root.hidden !== !info) this.el.root.hidden = !info;
  }

  /** Takes the worker's new rows; rows of another scene start a new picture. */
  ingest(chunk: SpaceTimeChunk): void {
    if (chunk.version !== this.sceneVersion || (this.image && chunk.bins !== this.image.bins)) this.restart(chunk);
    this.sd = chunk.sd;
    this.sdInitial = chunk.sdInitial;
    this.image?.push(chunk.t, chunk.counts);
    this.draw();
  }

  private restart(chunk: SpaceTimeChunk): void {
    this.sceneVersion = chunk.version;
    this.sprite.texture = Texture.EMPTY;
    this.texture?.destroy(true);
    this.image = chunk.bins > 0 ? new SpaceTimeImage(chunk.bins) : null;
    const image = this.image;
    this.texture = image
      ? new Texture({ source: new BufferImageSource({ resource: image.pixels, width: image.columns, height: image.capacity, format: 'rgba8unorm', scaleMode: 'nearest' }) })
      : null;
    if (this.texture) this.sprite.texture = this.texture;
    this.uploaded = -1;
    this.drawn = '';
    this.waves = { speed: NaN, version: -1, at: -Infinity };
  }

  /** The waves' speed, estimated again when rows came and WAVES_EVERY_MS has passed (`now`: whatever the time). */
  private waveSpeed(now = false): number {
    const image = this.image, info = this.info, t = performance.now();
    if (image && info && image.version !== this.waves.version && (now || t - this.waves.at >= WAVES_EVERY_MS)) {
      this.waves = { speed: waveSpeed(image, info.every, info.binWidth * image.group), version: image.version, at: t };
    }
    return this.waves.speed;
  }

  /** Uploads new rows and draws, when something changed; the newest rows that fit are shown. */
  draw(): void {
    const image = this.image, info = this.info;
    if (!image || !info || this.el.root.hidden) return;
    const w = this.el.host.clientWidth, h = this.el.host.clientHeight;
    const key = `${image.version}|${w}|${h}`;
    if (key === this.drawn || w === 0 || h === 0) return;
    this.drawn = key;
    if (this.uploaded !== image.version) { this.texture?.source.update(); this.uploaded = image.version; }
    if (this.app.screen.width !== w || this.app.screen.height !== h) this.app.renderer.resize(w, h);
    const first = firstShownRow(image.rows, h, ROW_PX);
    this.sprite.setSize(w, image.capacity * ROW_PX);
    this.sprite.y = -first * ROW_PX;
    this.app.render();
    const title = spaceTimeTitle(info, image.group);
    if (this.el.title.textContent !== title) this.el.title.textContent = title;
    this.el.title.title = spaceTimeHelp(info, image.group, image.max);
    const range = spaceTimeKey(image.max);
    if (this.keyText.textContent !== range) this.keyText.textContent = range;
    this.showStats(first);
  }

  private showStats(first: number, now = false): void {
    const image = this.image;
    if (!image) return;
    this.el.stats.textContent = spaceTimeStats(this.sd, this.sdInitial, image.timeAt(first), image.timeAt(image.rows - 1), this.waveSpeed(now));
  }

  /** The rows kept: their times [s] and column counts (the tests compare the page's estimate with the core's on them). */
  rows(): { t: number[]; counts: number[][] } {
    const image = this.image, t: number[] = [], counts: number[][] = [];
    for (let r = 0; image && r < image.rows; r++) { t.push(image.timeAt(r)); counts.push(Array.from(image.row(r))); }
    return { t, counts };
  }

  /** What the panel shows (its figures brought up to date), for the tests and a lesson's end: rows kept and shown, the texture's columns, the running maximum, the words, the waves' speed [m/s]. */
  snapshot(): { shown: boolean; rows: number; firstShown: number; columns: number; max: number; title: string; stats: string; waveSpeed: number } {
    const image = this.image;
    if (image && this.waves.version !== image.version) this.showStats(firstShownRow(image.rows, this.el.host.clientHeight, ROW_PX), true);
    return {
      shown: this.shown && !this.el.root.hidden,
      rows: image?.rows ?? 0,
      firstShown: image ? firstShownRow(image.rows, this.el.host.clientHeight, ROW_PX) : 0,
      columns: image?.columns ?? 0,
      max: image?.max ?? 0,
      title: this.el.title.textContent ?? '',
      stats: this.el.stats.textContent ?? '',
      waveSpeed: this.waves.speed,
    };
  }
}
