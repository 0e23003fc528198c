// Static Dockerfile checks for when no engine runs: dockerfile-utils' validator (syntax, unknown
// instructions, flags), plus what the Docker 20.10 builder of our CI machine type cannot do
// (docs/containers.md §3) and COPY/ADD sources missing from the build context.
import { existsSync } from 'node:fs'
import { join, normalize } from 'node:path'
import { validate } from 'dockerfile-utils'

export interface LintIssue {
  line: number
  severity: 'error' | 'warning'
  message: string
}

const LSP_ERROR = 1

const LEGACY_LIMITS: Array<{ pattern: RegExp; message: string }> = [
  { pattern: /^#\s*syntax\s*=/i, message: 'a `# syntax=` directive pulls a frontend image, which needs a registry' },
  { pattern: /^\s*RUN\s+(?:--\S+\s+)*.*<<-?\s*["']?[A-Za-z_][A-Za-z0-9_]*["']?\s*$/i, message: 'heredocs are not supported by the Docker 20.10 builder' },
  { pattern: /^\s*(?:COPY|ADD)\s+.*<<-?\s*["']?[A-Za-z_][A-Za-z0-9_]*["']?\s*$/i, message: 'heredocs are not supported by the Docker 20.10 builder' },
  { pattern: /^\s*RUN\s+(?:--\S+\s+)*--(?:mount|network|security)\b/i, message: 'RUN flags need BuildKit, which the Docker 20.10 builder here lacks' },
]

export function lintDockerfile(text: string, contextDir?: string): LintIssue[] {
  const issues: LintIssue[] = validate(text).map((d) => ({
    line: d.range.start.line + 1,
    severity: d.severity === LSP_ERROR ? 'error' : 'warning',
    message: typeof d.message === 'string' ? d.message : d.message.value,
  }))
  const lines = text.split(/\r?\n/)
  lines.forEach((line, i) => {
    for (const rule of LEGACY_LIMITS) if (rule.pattern.test(line)) issues.push({ line: i + 1, severity: 'error', message: rule.message })
  })
  if (contextDir) issues.push(...missingSources(lines, contextDir))
  return issues.sort((a, b) => a.line - b.line || (a.message < b.message ? -1 : 1))
}

/** COPY/ADD sources (without --from, URLs or globs) that do not exist in the build context. */
function missingSources(lines: string[], contextDir: string): LintIssue[] {
  const issues: LintIssue[] = []
  lines.forEach((line, i) => {
    const m = /^\s*(COPY|ADD)\s+(.*)$/i.exec(line)
    if (!m || line.trimEnd().endsWith('\\') || /--from[= ]/i.test(m[2]) || m[2].trim().startsWith('[')) return
    const words = m[2].trim().split(/\s+/).filter((w) => !w.startsWith('--'))
    for (const source of words.slice(0, -1)) {
      if (/[*?[\]$]|:\/\//.test(source)) continue
      const path = normalize(source)
      if (path.startsWith('..')) issues.push({ line: i + 1, severity: 'error', message: `${m[1]} source ${source} is outside the build context` })
      else if (!existsSync(join(contextDir, path))) issues.push({ line: i + 1, severity: 'error', message: `${m[1]} source ${source} does not exist in the build context` })
    }
  })
  return issues
}

export const formatIssues = (issues: LintIssue[]): string => issues.map((i) => `Dockerfile:${i.line}: ${i.severity}: ${i.message}`).join('\n')
