/**
 * The discs as one mesh drawn from textures (PixiJS v8: a Mesh with its own Geometry and a small GLSL ES 3.0
 * program). The frame's particle block (x, y, φ, colour value per body: one RGBA32F texel each, layout
 * src/protocol/frame.ts) is copied once into a float texture and uploaded as it is; the vertex shader finds
 * its disc from gl_VertexID, reads the pose with texelFetch, and rotates and scales the disc texture's quad;
 * the colour comes from the value through a palette texture (speed ramp, contact counts) or a uniform. So a
 * frame costs the main thread one memcpy and one texture upload, with no per-disc JavaScript: 10⁵ discs in
 * well under a millisecond. Not GPU instancing: under SwiftShader (headless Chromium's software WebGL) an
 * instanced draw of 10⁴ quads took 5× as long as the same quads drawn plainly.
 * Small discs (at most POINT_MAX_PX across on screen, as at 10⁵ discs) are drawn as point sprites instead: one
 * vertex a disc instead of six, the texture turned in the fragment shader (under SwiftShader the 100,000-disc
 * lattice went from 7.5 to 11–11.7 frames/s). Larger ones stay quads: a point is dropped whole once its centre
 * leaves the view, and a GPU may cap a point's size. A point under SMALL_PX across is drawn as its colour over the
 * pixels it covers, its edge smoothed over a pixel, without the texture's rim and bar: sampled at one to three pixels
 * those aliased with the lattice of a packing into stripes that read as layers (the 100,000-disc silo, issue 36).
 */
import { Buffer, BufferImageSource, BufferUsage, Geometry, GlProgram, Mesh, Rectangle, Shader, type Texture } from 'pixi.js';
import { PARTICLE_FLOATS } from '../../protocol/frame';
import { COUNT_COLORS, FIXED_COLOR, SPEED_LUT } from './colormap';

/** Texels per row of the pose and radius textures */
const ROW = 1024;
/** Largest disc diameter, in device pixels, drawn as a point sprite */
const POINT_MAX_PX = 16;
/** Points smaller than this diameter, in device pixels, are drawn as smooth plain discs (no rim, no bar) */
const SMALL_PX = 4;

const VERTEX = `#version 300 es
in vec2 aCorner;
out vec2 vUV;
out vec4 vColor;
flat out vec3 vRot;
flat out vec2 vSmall;
uniform mat3 uProjectionMatrix;
uniform mat3 uWorldTransformMatrix;
uniform mat3 uTransformMatrix;
uniform highp sampler2D uPoses;
uniform highp sampler2D uRadii;
uniform sampler2D uPalette;
uniform float uMode;
uniform float uScale;
uniform float uPoints;
uniform float uPx;
uniform vec4 uFlat;
uniform vec4 uFixed;
void main() {
  int i = uPoints > 0.5 ? gl_VertexID : gl_VertexID / 6;
  ivec2 t = ivec2(i % ${ROW}, i / ${ROW});
  vec4 pose = texelFetch(uPoses, t, 0);
  vec2 rf = texelFetch(uRadii, t, 0).rg;
  float c = cos(pose.z), s = sin(pose.z);
  vec2 p = pose.xy + rf.x * vec2(c * aCorner.x - s * aCorner.y, s * aCorner.x + c * aCorner.y);
  mat3 mvp = uProjectionMatrix * uWorldTransformMatrix * uTransformMatrix;
  gl_Position = vec4((mvp * vec3(p, 1.0)).xy, 0.0, 1.0);
  // a small point: its radius and a square a pixel wider on each side for the smoothed edge (vSmall.y = 0: textured)
  float d = 2.0 * rf.x * uPx;
  vSmall = uPoints > 0.5 && d < ${SMALL_PX.toFixed(1)} ? vec2(0.5 * d, d + 2.0) : vec2(0.0);
  gl_PointSize = vSmall.y > 0.0 ? vSmall.y : d;
  // a hidden disc (a polygon's) as a point: outside the clip volume, not a point of the minimum size
  if (uPoints > 0.5 && rf.x <= 0.0) gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
  vUV = 0.5 * aCorner + 0.5;
  vRot = vec3(c, s, uPoints);
  if (rf.y > 0.5) vColor = uFixed;
  else if (uMode < 0.5) vColor = texelFetch(uPalette, ivec2(int(min(255.0, floor(pose.w * uScale))), 0), 0);
  else if (uMode < 1.5) vColor = texelFetch(uPalette, ivec2(int(min(6.0, floor(pose.w))), 1), 0);
  else vColor = uFlat;
}`;

const FRAGMENT = `#version 300 es
in vec2 vUV;
in vec4 vColor;
flat in vec3 vRot;
flat in vec2 vSmall;
uniform sampler2D uTexture;
out vec4 finalColor;
void main() {
  if (vSmall.y > 0.0) {
    // the share of each pixel the disc covers (a one-pixel ramp at its edge; under a pixel across, its area)
    float dist = length((gl_PointCoord - 0.5) * vSmall.y);
    finalColor = vColor * clamp(vSmall.x + 0.5 - dist, 0.0, 1.0) * min(1.0, 2.0 * vSmall.x);
    return;
  }
  vec2 uv = vUV;
  if (vRot.z > 0.5) {
    // the point's square in world axes (the view flips y: gl_PointCoord runs down the screen), turned by -φ
    vec2 q = vec2(2.0 * gl_PointCoord.x - 1.0, 1.0 - 2.0 * gl_PointCoord.y);
    uv = 0.5 * vec2(vRot.x * q.x + vRot.y * q.y, vRot.x * q.y - vRot.y * q.x) + 0.5;
  }
  finalColor = texture(uTexture, uv) * vColor;
}`;

/** The two triangles of a disc's quad, corners in units of its radius */
const QUAD = [-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1];

/** How the discs are coloured: by the value through the speed ramp (scaled), by contact count, or one colour */
const COLORING = { speed: 0, count: 1, flat: 2 } as const;
export type DiscColoring = keyof typeof COLORING;

/** A packed colour (bytes r, g, b, a: colormap.ts) as a shader vec4 */
function rgba(packed: number): Float32Array {
  return new Float32Array([packed & 255, (packed >>> 8) & 255, (packed >>> 16) & 255, packed >>> 24].map((v) => v / 255));
}

function dataSource(resource: Float32Array, height: number, format: 'rgba32float' | 'rg32float'): BufferImageSource {
  return new BufferImageSource({ resource, width: ROW, height, format, scaleMode: 'nearest', autoGenerateMipmaps: false, alphaMode: 'no-premultiply-alpha' });
}

export class DiscLayer {
  /** radius per disc; 0 hides it (a polygon, drawn by the polygon layer) */
  radius = new Float32Array(0);
  /** 1 for a disc drawn in the fixed colour (fixed or prescribed bodies) */
  fixed = new Uint8Array(0);
  readonly mesh: Mesh<Geometry, Shader>;
  private readonly shader: Shader;
  private poseData = new Float32Array(0);
  private radii = new Float32Array(0);
  private poseSource!: BufferImageSource;
  private radiusSource!: BufferImageSource;
  private n = 0;
  /** the largest radius drawn */
  private rMax = 0;
  private quadGeometry = quads(0);
  private pointGeometry = points(0);
  /** the largest point sprite this GL draws, in device pixels, capped at POINT_MAX_PX */
  private readonly pointLimit: number;
  /** the packed flat colour in the shader's uniform */
  private flat = FIXED_COLOR;

  /** `maxPointSize`: the GL's ALIASED_POINT_SIZE_RANGE upper end (0: never draw points). */
  constructor(texture: Texture, maxPointSize: number) {
    this.pointLimit = Math.min(POINT_MAX_PX, maxPointSize);
    const palette = new Uint32Array(256 * 2);
    palette.set(SPEED_LUT, 0);
    palette.set(COUNT_COLORS, 256);
    this.allocate(0);
    this.shader = new Shader({
      glProgram: new GlProgram({ vertex: VERTEX, fragment: FRAGMENT, name: 'discs' }),
      resources: {
        uTexture: texture.source,
        uPoses: this.poseSource,
        uRadii: this.radiusSource,
        uPalette: new BufferImageSource({ resource: new Uint8Array(palette.buffer), width: 256, height: 2, format: 'rgba8unorm', scaleMode: 'nearest', autoGenerateMipmaps: false }),
        discUniforms: {
          uMode: { value: 0, type: 'f32' },
          uScale: { value: 0, type: 'f32' },
          uPoints: { value: 0, type: 'f32' },
          uPx: { value: 1, type: 'f32' },
          uFlat: { value: rgba(FIXED_COLOR), type: 'vec4<f32>' },
          uFixed: { value: rgba(FIXED_COLOR), type: 'vec4<f32>' },
        },
      },
    });
    this.mesh = new Mesh({ geometry: this.quadGeometry, shader: this.shader });
    this.mesh.eventMode = 'none';
    // the geometry has no aPosition, so its own bounds are empty: never cull or clip the layer
    this.mesh.boundsArea = new Rectangle(-1e9, -1e9, 2e9, 2e9);
  }

  get count(): number {
    return this.n;
  }

  /** bumps with every frame's poses (setPoses) */
  poseVersion = 0;

  /** The latest frame's particle block as drawn: x, y, φ and the colour value of body i at PARTICLE_FLOATS · i (read only). */
  get poses(): Float32Array {
    return this.poseData;
  }

  /** x, y and φ of disc i as drawn (for picking, fitting and the selection). */
  x(i: number): number { return this.poseData[PARTICLE_FLOATS * i]; }
  y(i: number): number { return this.poseData[PARTICLE_FLOATS * i + 1]; }
  phi(i: number): number { return this.poseData[PARTICLE_FLOATS * i + 2]; }

  /** A new body count: textures and vertices for exactly n discs (the old ones are dropped). */
  resize(n: number): void {
    if (n === this.n) return;
    const oldPoses = this.poseSource, oldRadii = this.radiusSource, oldQuads = this.quadGeometry, oldPoints = this.pointGeometry;
    this.allocate(n);
    this.shader.resources.uPoses = this.poseSource;
    this.shader.resources.uRadii = this.radiusSource;
    this.quadGeometry = quads(n);
    this.pointGeometry = points(n);
    this.mesh.geometry = this.quadGeometry;
    oldPoses.destroy();
    oldRadii.destroy();
    oldQuads.destroy(true);
    oldPoints.destroy(true);
  }

  /** Device pixels per world unit now: discs drawn as points when the largest fits POINT_MAX_PX, else as quads. */
  setPixelScale(px: number): void {
    const u = this.shader.resources.discUniforms.uniforms as { uPoints: number; uPx: number };
    const asPoints = 2 * this.rMax * px <= this.pointLimit;
    if (u.uPx !== px) u.uPx = px;
    if (u.uPoints !== +asPoints) u.uPoints = +asPoints;
    const g = asPoints ? this.pointGeometry : this.quadGeometry;
    if (this.mesh.geometry !== g) this.mesh.geometry = g;
  }

  /** Whether the discs are drawn as point sprites (for the tests). */
  get drawnAsPoints(): boolean {
    return this.mesh.geometry === this.pointGeometry && this.n > 0;
  }

  /** Radii or flags changed (a static block): upload them. */
  staticsChanged(): void {
    const rr = this.radii;
    let rMax = 0;
    for (let i = 0; i < this.n; i++) { rr[2 * i] = this.radius[i]; rr[2 * i + 1] = this.fixed[i]; rMax = Math.max(rMax, this.radius[i]); }
    this.rMax = rMax;
    this.radiusSource.update(0, this.n);
  }

  /** How the colour value maps to a colour; `packed` is the flat colour (colormap.ts packing). */
  setColoring(mode: DiscColoring, scale: number, packed: number): void {
    const u = this.shader.resources.discUniforms.uniforms as { uMode: number; uScale: number; uFlat: Float32Array };
    u.uMode = COLORING[mode];
    u.uScale = scale;
    if (packed !== this.flat) { this.flat = packed; u.uFlat = rgba(packed); }
  }

  /** Copies the frame's particle block at `offset` (n bodies) and uploads it. */
  setPoses(f: Float32Array, offset: number): void {
    this.poseVersion++;
    this.poseData.set(f.subarray(offset, offset + PARTICLE_FLOATS * this.n));
    this.poseSource.update(0, this.n);
  }

  /** Arrays and data textures for n discs. */
  private allocate(n: number): void {
    this.n = n;
    const rows = Math.max(1, Math.ceil(n / ROW));
    this.radius = new Float32Array(n);
    this.fixed = new Uint8Array(n);
    this.poseData = new Float32Array(PARTICLE_FLOATS * ROW * rows);
    this.radii = new Float32Array(2 * ROW * rows);
    this.poseSource = dataSource(this.poseData, rows, 'rgba32float');
    this.radiusSource = dataSource(this.radii, rows, 'rg32float');
  }
}

/** One point per disc (its corner attribute 0: the centre); the shader finds the disc from gl_VertexID. */
function points(n: number): Geometry {
  return new Geometry({ topology: 'point-list', attributes: { aCorner: { buffer: new Buffer({ data: new Float32Array(2 * n), usage: BufferUsage.VERTEX }), format: 'float32x2' } } });
}

/** Two triangles per disc; the shader finds the disc from gl_VertexID. */
function quads(n: number): Geometry {
  const corners = new Float32Array(12 * n);
  for (let i = 0; i < n; i++) corners.set(QUAD, 12 * i);
  return new Geometry({ attributes: { aCorner: { buffer: new Buffer({ data: corners, usage: BufferUsage.VERTEX }), format: 'float32x2' } } });
}
