// Context paths as LoCoBench writes them (`Wrapper//dir//file.c`, sometimes without the wrapper),
// made into safe `/`-joined paths relative to the project root. Safety is judged on the raw
// string, before anything is collapsed, so `/etc/passwd` is never mistaken for `etc/passwd`.

export type PathCheck = { ok: true; path: string } | { ok: false; message: string }

const CONTROL = /[\u0000-\u001f\u007f]/

const isLetter = (code: number) => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)
const hasDrive = (segment: string) => segment.length >= 2 && segment.charCodeAt(1) === 0x3a && isLetter(segment.charCodeAt(0))

// The common case, decided in one pass over the characters: relative, `/`-separated (single or
// doubled), no backslash, colon, control character, segment starting with `.` or trailing slash.
// Returns the path with doubled slashes collapsed, or undefined for the full reading below.
function plain(raw: string): string | undefined {
  let previous = 0x2f // as if after a slash, so a leading `.` or `/` is not plain
  let slashes = 0
  let doubled = false
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i)
    if (c < 0x20 || c === 0x7f || c === 0x3a || c === 0x5c) return undefined
    if (c === 0x2f) {
      if (i === 0 || ++slashes === 3) return undefined
      if (slashes === 2) doubled = true
    } else {
      if (c === 0x2e && previous === 0x2f) return undefined
      slashes = 0
    }
    previous = c
  }
  if (previous === 0x2f) return undefined
  return doubled ? raw.replaceAll('//', '/') : raw
}

/** A safe `/`-joined path with empty and `.` segments dropped, or why the path is unsafe. */
export function normaliseContextPath(raw: string): PathCheck {
  const path = plain(raw)
  if (path !== undefined) return { ok: true, path }
  if (raw.startsWith('/')) return { ok: false, message: `absolute path "${raw}"` }
  if (raw.startsWith('\\')) return { ok: false, message: `absolute path "${raw}" (backslash)` }
  if (CONTROL.test(raw)) return { ok: false, message: `path with a control character ${JSON.stringify(raw)}` }
  const parts = (raw.includes('\\') ? raw.replaceAll('\\', '/') : raw).split('/')
  const segments: string[] = []
  for (const part of parts) {
    if (part === '' || part === '.') continue
    if (part === '..') return { ok: false, message: `path climbs out of the project with ".." ("${raw}")` }
    // A drive anywhere, not only first: `Wrapper//C:x` would start with one once the wrapper goes.
    if (hasDrive(part)) return { ok: false, message: `path with a drive letter "${raw}"` }
    segments.push(part)
  }
  if (segments.length === 0) return { ok: false, message: `empty path ${JSON.stringify(raw)}` }
  return { ok: true, path: segments.join('/') }
}

/**
 * The path relative to the project root. With a wrapper folder (layout A) a leading wrapper
 * segment is removed; paths given without it are taken as they are. When both readings name a
 * real file (a folder inside the wrapper with the wrapper's own name), the stripped one wins.
 */
export function resolveInRoot(path: string, wrapper: string | null, exists: (path: string) => boolean): string {
  if (wrapper === null || !path.startsWith(wrapper) || path.charCodeAt(wrapper.length) !== 0x2f) return path
  const stripped = path.slice(wrapper.length + 1)
  return exists(stripped) || !exists(path) ? stripped : path
}
