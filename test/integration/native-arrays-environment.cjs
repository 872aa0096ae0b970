/**
 * Jest's node environment with the host's typed-array constructors: onnxruntime-node's native code
 * makes its output arrays in the host realm, and onnxruntime-common checks them with instanceof
 * against the sandbox's constructors ("A float32 tensor's data must be type of Float32Array").
 */
const { TestEnvironment } = require('jest-environment-node');

const TYPED_ARRAYS = ['Float32Array', 'Float64Array', 'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'BigInt64Array', 'BigUint64Array'];

class NativeArraysEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of TYPED_ARRAYS) this.global[name] = globalThis[name];
  }
}

module.exports = NativeArraysEnvironment;
