// A tiny zip writer for tests only: enough of the format (local headers, central directory, end
// record; store or deflate; unix modes) to build hostile archives that real tools refuse to make.
import { crc32, deflateRawSync } from 'node:zlib'

export interface ZipEntry {
  /** Stored as UTF-8 (flag bit 11), byte for byte: `../evil`, `/abs` and `a\\b` are kept as given. */
  name: string
  data?: string | Buffer
  dir?: boolean
  /** Full unix mode including the type bits; default 0o100644 (file) or 0o040755 (dir). */
  mode?: number
  method?: 'store' | 'deflate'
  /** Bytes stored instead of the (compressed) data, to make a corrupt entry. */
  payload?: Buffer
}

const UTF8_FLAG = 0x0800
const MADE_BY_UNIX = (3 << 8) | 20
const DOS_DATE_1980_01_01 = (1 << 5) | 1

export function buildZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const data = Buffer.from(entry.data ?? '')
    const method = entry.dir || entry.method === 'store' ? 0 : 8
    const stored = entry.payload ?? (method === 8 ? deflateRawSync(data) : data)
    const mode = entry.mode ?? (entry.dir ? 0o040755 : 0o100644)
    const fields = { method, crc: crc32(data), compressed: stored.length, size: data.length, nameLength: name.length }

    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    writeCommon(local, 6, fields)
    locals.push(local, name, stored)

    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(MADE_BY_UNIX, 4)
    central.writeUInt16LE(20, 6)
    writeCommon(central, 8, fields)
    central.writeUInt32LE(((mode << 16) | (entry.dir ? 0x10 : 0)) >>> 0, 38)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, name)

    offset += local.length + name.length + stored.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

interface Common {
  method: number
  crc: number
  compressed: number
  size: number
  nameLength: number
}

/** The run of fields local and central headers share, from `flags` to `extra length`. */
function writeCommon(buffer: Buffer, at: number, f: Common): void {
  buffer.writeUInt16LE(UTF8_FLAG, at)
  buffer.writeUInt16LE(f.method, at + 2)
  buffer.writeUInt16LE(0, at + 4)
  buffer.writeUInt16LE(DOS_DATE_1980_01_01, at + 6)
  buffer.writeUInt32LE(f.crc, at + 8)
  buffer.writeUInt32LE(f.compressed, at + 12)
  buffer.writeUInt32LE(f.size, at + 16)
  buffer.writeUInt16LE(f.nameLength, at + 20)
  buffer.writeUInt16LE(0, at + 22)
}
