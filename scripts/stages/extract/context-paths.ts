// Context paths as LoCoBench writes them (`Wrapper//dir//file.c`, sometimes without the wrapper),
// made into safe `/`-joined paths relative to the project root. Safety is judged on the raw
// string, before anything is collapsed, so `/etc/passwd` is never mistaken for `etc/passwd`.

export type PathCheck = { ok: true; path: string } | { ok: false; message: string }

const CONTROL = /[\u0000-\u001f\u007f]/

const isLetter = (code: number) => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)
const hasDrive = (segment: string) => segment.length >= 2 && segment.charCodeAt(1) === 0x3a && isLetter(segment.charCodeAt(0))

// The common case, decided with a few substring searches: relative, `/`-separated (single or
// doubled), no backslash, colon, control character, `.`/`..` segment or trailing slash.
const CONTROL_OR_COLON = /[\u0000-\u001f\u007f:\\]/

function plain(raw: string): boolean {
  if (raw === '' || raw.charCodeAt(0) === 0x2f || raw.charCodeAt(raw.length - 1) === 0x2f || raw.charCodeAt(0) === 0x2e) return false
  if (raw.includes('/.') || CONTROL_OR_COLON.test(raw)) return false
  return !raw.includes('///')
}

/** A safe `/`-joined path with empty and `.` segments dropped, or why the path is unsafe. */
export function normaliseContextPath(raw: string): PathCheck {
  if (plain(raw)) return { ok: true, path: raw.includes('//') ? raw.replaceAll('//', '/') : raw }
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
