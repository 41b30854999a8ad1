/**
 * The disc texture the disc layer draws (disc-layer.ts): a white disc, for the tint, with the bodies' dark rim
 * (SCENE.bodyRim) and an orientation bar from the centre to the rim along the body's x axis.
 */
import { Texture } from 'pixi.js';
import { SCENE } from '../palette';

/** the texture's side [px] */
const TEX = 128;

export function discTexture(): Texture {
  const c = document.createElement('canvas');
  c.width = c.height = TEX;
  const g = c.getContext('2d')!;
  const r = TEX / 2;
  g.beginPath();
  g.arc(r, r, r - 2, 0, Math.PI * 2);
  // white, for the tint; the rim and the orientation mark dark (SCENE.bodyRim)
  g.fillStyle = '#ffffff';
  g.fill();
  g.lineWidth = 5;
  g.strokeStyle = SCENE.bodyRim;
  g.globalAlpha = 0.85;
  g.stroke();
  // orientation mark: a bar from the centre to the rim along the body's x axis
  g.beginPath();
  g.moveTo(r, r);
  g.lineTo(TEX - 5, r);
  g.lineWidth = 10;
  g.globalAlpha = 0.9;
  g.stroke();
  g.beginPath();
  g.arc(r, r, 9, 0, Math.PI * 2);
  g.fillStyle = SCENE.bodyRim;
  g.fill();
  return Texture.from(c);
}
