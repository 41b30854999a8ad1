/**
 * The disc textures: the disc layer's (disc-layer.ts: a white disc, for the tint, with the bodies' dark rim,
 * SCENE.bodyRim, and an orientation bar from the centre to the rim along the body's x axis) and the square canvas
 * every body texture is drawn on (`bodyTexture`, with `orientationBar`), which the comparison's ring textures
 * (compare/variant-layer.ts) share.
 */
import { Texture } from 'pixi.js';
import { SCENE } from '../palette';

/** A body texture's side [px]: a body of radius R is drawn at scale 2R / BODY_TEXTURE_SIZE */
export const BODY_TEXTURE_SIZE = 128;

/**
 * A BODY_TEXTURE_SIZE square canvas, drawn on by `draw` (its 2D context and the centre's coordinate r, which is
 * also the radius that fills the square), as a Pixi texture.
 */
export function bodyTexture(draw: (g: CanvasRenderingContext2D, r: number) => void): Texture {
  const c = document.createElement('canvas');
  c.width = c.height = BODY_TEXTURE_SIZE;
  draw(c.getContext('2d')!, BODY_TEXTURE_SIZE / 2);
  return Texture.from(c);
}

/** The orientation mark: a bar `width` px wide from the centre (r, r) along +x to `inset` px short of the edge, in the current stroke style */
export function orientationBar(g: CanvasRenderingContext2D, r: number, inset: number, width: number): void {
  g.beginPath();
  g.moveTo(r, r);
  g.lineTo(BODY_TEXTURE_SIZE - inset, r);
  g.lineWidth = width;
  g.stroke();
}

export function discTexture(): Texture {
  return bodyTexture((g, r) => {
    g.beginPath();
    g.arc(r, r, r - 2, 0, Math.PI * 2);
    // white, for the tint; the rim and the orientation mark dark (SCENE.bodyRim)
    g.fillStyle = '#ffffff';
    g.fill();
    g.lineWidth = 5;
    g.strokeStyle = SCENE.bodyRim;
    g.globalAlpha = 0.85;
    g.stroke();
    g.globalAlpha = 0.9;
    orientationBar(g, r, 5, 10);
    g.beginPath();
    g.arc(r, r, 9, 0, Math.PI * 2);
    g.fillStyle = SCENE.bodyRim;
    g.fill();
  });
}
