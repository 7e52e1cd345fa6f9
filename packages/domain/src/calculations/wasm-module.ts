/*
 * The few pieces of the WebAssembly binary format (https://webassembly.github.io/spec/core/binary/) the column
 * program needs: one function of f64 and i32 locals over an imported memory, calling imported functions of
 * numbers. Building bytes is not evaluating text: no `eval`, no `new Function` (decision 054).
 */

/** The instructions the column program emits, by their binary opcode. */
export const WasmOp = {
  block: 0x02,
  loop: 0x03,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  call: 0x10,
  select: 0x1b,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  f64Load: 0x2b,
  f64Store: 0x39,
  i32Store8: 0x3a,
  i32Const: 0x41,
  f64Const: 0x44,
  i32GeU: 0x4f,
  f64Eq: 0x61,
  f64Ne: 0x62,
  f64Lt: 0x63,
  f64Gt: 0x64,
  f64Le: 0x65,
  f64Ge: 0x66,
  i32Add: 0x6a,
  i32And: 0x71,
  i32Or: 0x72,
  i32Shl: 0x74,
  f64Abs: 0x99,
  f64Neg: 0x9a,
  f64Trunc: 0x9d,
  f64Add: 0xa0,
  f64Sub: 0xa1,
  f64Mul: 0xa2,
  f64Div: 0xa3,
  f64Min: 0xa4,
  f64Max: 0xa5,
  f64ConvertI32U: 0xb8,
} as const;

const I32 = 0x7f;
const F64 = 0x7c;
const EMPTY_BLOCK = 0x40;

function unsignedLeb(value: number): number[] {
  const bytes: number[] = [];
  let rest = value >>> 0;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest !== 0);
  return bytes;
}

function signedLeb(value: number): number[] {
  const bytes: number[] = [];
  let rest = value | 0;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    const isDone = (rest === 0 && (byte & 0x40) === 0) || (rest === -1 && (byte & 0x40) !== 0);
    bytes.push(isDone ? byte : byte | 0x80);
    if (isDone) return bytes;
  }
}

const F64_BYTES = new DataView(new ArrayBuffer(8));

/** The body of one function: its instructions, written one after the other. */
export class WasmFunctionBody {
  readonly bytes: number[] = [];

  op(opcode: number): this {
    this.bytes.push(opcode);
    return this;
  }

  /** `block` or `loop` without a result. */
  open(opcode: typeof WasmOp.block | typeof WasmOp.loop): this {
    this.bytes.push(opcode, EMPTY_BLOCK);
    return this;
  }

  /** An instruction with one unsigned immediate: a local, a branch depth, a function index. */
  withIndex(opcode: number, index: number): this {
    this.bytes.push(opcode, ...unsignedLeb(index));
    return this;
  }

  i32(value: number): this {
    this.bytes.push(WasmOp.i32Const, ...signedLeb(value));
    return this;
  }

  f64(value: number): this {
    F64_BYTES.setFloat64(0, value, true);
    this.bytes.push(WasmOp.f64Const);
    for (let index = 0; index < 8; index += 1) this.bytes.push(F64_BYTES.getUint8(index));
    return this;
  }

  /** A load or store at the address on the stack plus `offset`; `alignment` as a power of two. */
  memory(opcode: number, alignment: number, offset: number): this {
    this.bytes.push(opcode, ...unsignedLeb(alignment), ...unsignedLeb(offset));
    return this;
  }
}

function section(id: number, content: readonly number[]): number[] {
  return [id, ...unsignedLeb(content.length), ...content];
}

function vector(items: readonly (readonly number[])[]): number[] {
  return [...unsignedLeb(items.length), ...items.flat()];
}

function name(text: string): number[] {
  const bytes = [...new TextEncoder().encode(text)];
  return [...unsignedLeb(bytes.length), ...bytes];
}

export interface WasmModuleInput {
  /** Imported from `env`: functions of `arity` f64 parameters returning an f64, in index order. */
  readonly imports: readonly { readonly name: string; readonly arity: number }[];
  /** The memory `env.memory`, at least this many 64 KiB pages. */
  readonly memoryPages: number;
  /** The one exported function, `run`: i32 parameters, an i32 result. */
  readonly parameterCount: number;
  readonly i32Locals: number;
  readonly f64Locals: number;
  readonly body: WasmFunctionBody;
}

/** The bytes of a module of one exported function `run`; its locals are the parameters, then i32s, then f64s. */
export function wasmModule(input: WasmModuleInput): Uint8Array<ArrayBuffer> {
  const importTypes = input.imports.map(({ arity }) => [0x60, ...vector(Array(arity).fill([F64])), 1, F64]);
  const runType = [0x60, ...vector(Array(input.parameterCount).fill([I32])), 1, I32];
  const types = section(1, vector([...importTypes, runType]));
  const imports = section(
    2,
    vector([
      ...input.imports.map((imported, index) => [...name('env'), ...name(imported.name), 0x00, index]),
      [...name('env'), ...name('memory'), 0x02, 0x00, ...unsignedLeb(input.memoryPages)],
    ]),
  );
  const functions = section(3, vector([unsignedLeb(input.imports.length)]));
  const exports = section(7, vector([[...name('run'), 0x00, ...unsignedLeb(input.imports.length)]]));
  const locals = vector([
    [...unsignedLeb(input.i32Locals), I32],
    [...unsignedLeb(input.f64Locals), F64],
  ]);
  const body = [...locals, ...input.body.bytes, WasmOp.end];
  const code = section(10, vector([[...unsignedLeb(body.length), ...body]]));
  return Uint8Array.from([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...types,
    ...imports,
    ...functions,
    ...exports,
    ...code,
  ]);
}
