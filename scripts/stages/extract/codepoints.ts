// Code points as Python's len() counts them on decoded text (an emoji outside the BMP is 1, where
// a JS string counts 2). Counting happens on bytes: every byte that is not a UTF-8 continuation
// byte (10xxxxxx) starts a code point. Most project files are pure ASCII, so isAscii (SIMD)
// answers them outright; for the rest only the non-ASCII regions are walked byte by byte.
import { isAscii, isUtf8 } from 'node:buffer'

export interface CharCount {
  chars: number
  /** False when the bytes are not valid UTF-8; chars then follow Python's errors='replace'. */
  validUtf8: boolean
}

const LEAF = 128

function continuationBytes(bytes: Uint8Array, start: number, end: number): number {
  if (end - start <= LEAF) {
    let n = 0
    for (let i = start; i < end; i++) if ((bytes[i] & 0xc0) === 0x80) n++
    return n
  }
  if (isAscii(bytes.subarray(start, end))) return 0
  const middle = (start + end) >>> 1
  return continuationBytes(bytes, start, middle) + continuationBytes(bytes, middle, end)
}

/**
 * Invalid UTF-8 is decoded with one U+FFFD per maximal ill-formed subsequence (the WHATWG and
 * Unicode recommendation, which Python's errors='replace' also follows), then counted.
 */
function replacedLength(bytes: Uint8Array): number {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')
  let n = text.length
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if (unit >= 0xd800 && unit <= 0xdbff) n--
  }
  return n
}

export function countCodePoints(bytes: Uint8Array): CharCount {
  if (isAscii(bytes)) return { chars: bytes.length, validUtf8: true }
  if (!isUtf8(bytes)) return { chars: replacedLength(bytes), validUtf8: false }
  return { chars: bytes.length - continuationBytes(bytes, 0, bytes.length), validUtf8: true }
}
