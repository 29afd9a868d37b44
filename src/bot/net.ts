/**
 * A one-hidden-layer network in the manner of TD-Gammon: sparse inputs → sigmoid hidden units → five sigmoid
 * outputs, the chances of the side on roll (see `Probabilities`). Plain typed arrays, no allocation per
 * evaluation: the hidden sums are built from the non-zero inputs only (a position lights up about 50 of 200).
 */

/** Outputs, all for the side on roll: win, win mars-or-better, win koks, lose mars-or-better, lose koks. */
export const OUTPUTS = 5;
export const WIN = 0;
export const WIN_MARS = 1;
export const WIN_KOKS = 2;
export const LOSE_MARS = 3;
export const LOSE_KOKS = 4;

export interface NetShape {
  inputs: number;
  hidden: number;
}

/** Inputs as the encoder writes them: values by input index, plus the list of indices that are non-zero. */
export interface SparseInput {
  values: Float64Array;
  active: Int32Array;
  count: number;
}

export function sparseInput(inputs: number): SparseInput {
  return { values: new Float64Array(inputs), active: new Int32Array(inputs), count: 0 };
}

export class Network {
  readonly inputs: number;
  readonly hidden: number;
  /** Hidden weights, input-major: w1[i * hidden + h]. */
  readonly w1: Float64Array;
  readonly b1: Float64Array;
  /** Output weights, hidden-major: w2[h * OUTPUTS + o]. */
  readonly w2: Float64Array;
  readonly b2: Float64Array;
  /** The last evaluation's hidden activations and outputs (training reads them). */
  readonly hiddenOut: Float64Array;
  readonly out: Float64Array;

  constructor(shape: NetShape, params?: Float64Array) {
    this.inputs = shape.inputs;
    this.hidden = shape.hidden;
    const sizes = Network.sizes(shape);
    const all = params ?? new Float64Array(sizes.total);
    if (all.length !== sizes.total) throw new Error(`network: ${all.length} parameters, expected ${sizes.total}`);
    let at = 0;
    const take = (n: number) => all.subarray(at, (at += n));
    this.w1 = take(sizes.w1);
    this.b1 = take(sizes.b1);
    this.w2 = take(sizes.w2);
    this.b2 = take(sizes.b2);
    this.params = all;
    this.hiddenOut = new Float64Array(this.hidden);
    this.out = new Float64Array(OUTPUTS);
  }

  /** All parameters in one array (w1, b1, w2, b2), for saving and loading. */
  readonly params: Float64Array;

  static sizes(shape: NetShape) {
    const w1 = shape.inputs * shape.hidden;
    const b1 = shape.hidden;
    const w2 = shape.hidden * OUTPUTS;
    const b2 = OUTPUTS;
    return { w1, b1, w2, b2, total: w1 + b1 + w2 + b2 };
  }

  /** Evaluates `x` into `this.out` (and `this.hiddenOut`); returns `this.out`. */
  evaluate(x: SparseInput): Float64Array {
    const H = this.hidden;
    const hid = this.hiddenOut;
    hid.set(this.b1);
    const w1 = this.w1;
    for (let k = 0; k < x.count; k++) {
      const i = x.active[k]!;
      const v = x.values[i]!;
      const row = i * H;
      for (let h = 0; h < H; h++) hid[h] = hid[h]! + v * w1[row + h]!;
    }
    const b2 = this.b2;
    let o0 = b2[0]!, o1 = b2[1]!, o2 = b2[2]!, o3 = b2[3]!, o4 = b2[4]!;
    const w2 = this.w2;
    for (let h = 0; h < H; h++) {
      const a = sigmoid(hid[h]!);
      hid[h] = a;
      const row = h * OUTPUTS;
      o0 += a * w2[row]!;
      o1 += a * w2[row + 1]!;
      o2 += a * w2[row + 2]!;
      o3 += a * w2[row + 3]!;
      o4 += a * w2[row + 4]!;
    }
    const out = this.out;
    out[0] = sigmoid(o0);
    out[1] = sigmoid(o1);
    out[2] = sigmoid(o2);
    out[3] = sigmoid(o3);
    out[4] = sigmoid(o4);
    return out;
  }

  /**
   * One gradient step on the squared error between the outputs for `x` and `target`, with step size `alpha`.
   * Returns the summed squared error before the step.
   */
  train(x: SparseInput, target: ArrayLike<number>, alpha: number, scratch: Float64Array): number {
    const out = this.evaluate(x);
    const H = this.hidden;
    const hid = this.hiddenOut;
    const delta = scratch.subarray(0, OUTPUTS);
    let loss = 0;
    for (let o = 0; o < OUTPUTS; o++) {
      const y = out[o]!;
      const err = target[o]! - y;
      loss += err * err;
      delta[o] = err * y * (1 - y);
    }
    const hiddenDelta = scratch.subarray(OUTPUTS, OUTPUTS + H);
    const w2 = this.w2;
    for (let h = 0; h < H; h++) {
      const row = h * OUTPUTS;
      let back = 0;
      for (let o = 0; o < OUTPUTS; o++) {
        back += w2[row + o]! * delta[o]!;
        w2[row + o] = w2[row + o]! + alpha * delta[o]! * hid[h]!;
      }
      hiddenDelta[h] = back * hid[h]! * (1 - hid[h]!);
    }
    for (let o = 0; o < OUTPUTS; o++) this.b2[o] = this.b2[o]! + alpha * delta[o]!;
    const w1 = this.w1;
    for (let k = 0; k < x.count; k++) {
      const i = x.active[k]!;
      const step = alpha * x.values[i]!;
      const row = i * H;
      for (let h = 0; h < H; h++) w1[row + h] = w1[row + h]! + step * hiddenDelta[h]!;
    }
    for (let h = 0; h < H; h++) this.b1[h] = this.b1[h]! + alpha * hiddenDelta[h]!;
    return loss;
  }
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** Little-endian float32 parameters as base64 (the committed weights' format). */
export function paramsToBase64(params: Float64Array): string {
  const bytes = new Uint8Array(new Float32Array(params).buffer);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function paramsFromBase64(text: string): Float64Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Float64Array(new Float32Array(bytes.buffer));
}
