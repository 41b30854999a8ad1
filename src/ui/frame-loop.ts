/**
 * The frame loop (docs/architecture.md#worker-and-page): on every tick of Pixi's ticker, apply the newest frame
 * the worker sent (the scene and a comparison's variants), ask for the next one, never queue; fetch the
 * polygons' shapes once per scene; count frames/s and the main thread's ms per frame applied.
 */
import type { CompareUi } from './compare/compare-panel';
import { MASK_CONTACTS, MASK_WALLS, capsFor, frameOffsets } from '../protocol/frame';
import type { ContactMarker } from './render/contact-marker';
import type { EscapeMarkers } from './render/escape-markers';
import type { IdleFrames } from './render/idle-frames';
import type { Scene } from './render/scene';
import type { FramePool, SimRemote } from './sim-client';
import type { PerfStats } from './test-hook';

export interface FrameLoopDeps {
  api: SimRemote;
  scene: Scene;
  pool: FramePool;
  compare: Pick<CompareUi, 'applyFrame' | 'layer'>;
  contactMarker: ContactMarker;
  /** bodies that left the scene in a blow-up, marked at its edge */
  escapes: EscapeMarkers;
  idle: IdleFrames;
  /** ms to apply each new frame (scene and variants) */
  perf: PerfStats;
  /** Pixi's render call for each frame applied (main-thread JS; the GPU's work is not in it) */
  renderPerf: PerfStats;
  /** whether the run goes (a running page never idles) */
  running(): boolean;
}

export class FrameLoop {
  /** frames a second over the last second or so */
  fps = 0;
  private fpsCount = 0;
  private fpsT0 = performance.now();
  private lastSeq = -1;
  /** a polygonShapes() call is on its way (the shapes are static: fetched once per scene) */
  private shapesAsked = false;
  /** the last tick applied a new frame: Pixi's render that followed it is counted at the next tick */
  private renderPending = false;

  constructor(private readonly d: FrameLoopDeps) {
    d.scene.app.ticker.add(() => this.tick());
  }

  private tick(): void {
    const { api, scene, pool, compare, idle } = this.d;
    if (this.renderPending) { this.d.renderPerf.add(scene.renderMs); this.renderPending = false; }
    const buf = pool.take();
    if (buf) {
      const info = scene.apply(buf);
      const variantsMs = compare.applyFrame(buf);
      pool.release(buf);
      if (info.ok && info.seq !== this.lastSeq) { this.d.perf.add(info.applyMs + variantsMs); this.lastSeq = info.seq; this.renderPending = true; }
      idle.tick(performance.now(), `${info.step} ${info.t} ${info.n} ${info.staticVersion} ${info.contactsTotal} ${info.ok}`, this.d.running());
      if (info.tooSmall || info.bytesNeeded > frameOffsets(pool.caps).bytes || compare.layer.total > (pool.caps.variantCap ?? 0)) {
        pool.resize(capsFor(info.n, info.contactsTotal, 64, compare.layer.total));
      }
    }
    this.d.contactMarker.draw(scene.view);
    this.d.escapes.draw(scene.view, scene.n, (i) => scene.px(i), (i) => scene.py(i));
    if (scene.needsShapes() && !this.shapesAsked) {
      this.shapesAsked = true;
      api.polygonShapes().then((shapes) => scene.setPolygonShapes(shapes), (e: unknown) => console.warn('polygon shapes:', e))
        .finally(() => { this.shapesAsked = false; });
    }
    pool.request({
      colorMode: scene.colorMode,
      mask: MASK_WALLS | (scene.showContacts ? MASK_CONTACTS : 0),
      staticSeen: scene.staticVersion,
    });
    this.fpsCount++;
    const now = performance.now();
    if (now - this.fpsT0 >= 1000) { this.fps = (this.fpsCount * 1000) / (now - this.fpsT0); this.fpsCount = 0; this.fpsT0 = now; }
  }
}
