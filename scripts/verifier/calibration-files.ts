// Writes a calibration report: out/calibration/report.json (contracts/calibration-report.ts) and
// out/report/calibration.md, a table per answer kind and an SVG chart of each kind's min–max range
// and median.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { calibrationReportJson } from '../contracts/calibration-report.ts'
import { KINDS } from './answers.ts'
import type { CalibrationReport } from './calibration.ts'

const f2 = (x: number): string => x.toFixed(2)

/** The min / median / max table per answer kind, as plain text. */
export function calibrationTable(report: CalibrationReport): string {
  const lines = [`${'answer'.padEnd(24)} ${'role'.padEnd(15)} ${'n'.padStart(3)}   min  median   max`]
  for (const kind of KINDS) {
    const s = report.summary[kind]
    if (s) lines.push(`${kind.padEnd(24)} ${s.role.padEnd(15)} ${String(s.n).padStart(3)}  ${f2(s.min)}  ${f2(s.median)}   ${f2(s.max)}`)
  }
  lines.push(`${report.tasks.length} tasks; ${report.broken.length ? `${report.broken.length} broken margin(s):` : 'every margin holds'}`)
  for (const b of report.broken.slice(0, 40)) lines.push(`  ${b.message}`)
  if (report.broken.length > 40) lines.push(`  … and ${report.broken.length - 40} more`)
  return lines.join('\n')
}

const escapeXml = (s: string): string => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!)

/** A horizontal range chart: one row per answer kind, 0..1 on the x axis, the cheat and
 *  correct margins as dashed lines. */
export function calibrationSvg(report: CalibrationReport): string {
  const rows = KINDS.filter((k) => report.summary[k])
  const left = 170
  const width = 460
  const rowH = 22
  const top = 28
  const height = top + rows.length * rowH + 30
  const x = (v: number): number => left + v * width
  const color = { correct: '#2e7d32', empty: '#757575', cheat: '#c62828', other_question: '#ef6c00', probe: '#6a1b9a' } as Record<string, string>
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${left + width + 30}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<text x="${left}" y="16">reward per answer kind over ${report.tasks.length} tasks (bar: min–max, dot: median)</text>`,
  ]
  for (const [v, label] of [[report.margins.cheat_max, 'cheat max'], [report.margins.oracle_min, 'oracle min']] as [number, string][]) {
    parts.push(`<line x1="${x(v)}" y1="${top - 6}" x2="${x(v)}" y2="${top + rows.length * rowH}" stroke="#999" stroke-dasharray="4 3"/>`)
    parts.push(`<text x="${x(v) + 3}" y="${top + rows.length * rowH + 12}" fill="#666">${label} ${v}</text>`)
  }
  rows.forEach((kind, i) => {
    const s = report.summary[kind]!
    const y = top + i * rowH + rowH / 2
    const c = color[s.role] ?? '#333'
    parts.push(`<text x="${left - 8}" y="${y + 4}" text-anchor="end">${escapeXml(kind)}</text>`)
    parts.push(`<line x1="${x(s.min)}" y1="${y}" x2="${Math.max(x(s.max), x(s.min) + 1)}" y2="${y}" stroke="${c}" stroke-width="6" stroke-linecap="round" opacity="0.5"/>`)
    parts.push(`<circle cx="${x(s.median)}" cy="${y}" r="4" fill="${c}"/>`)
  })
  for (const t of [0, 0.25, 0.5, 0.75, 1]) parts.push(`<text x="${x(t)}" y="${height - 4}" text-anchor="middle" fill="#666">${t}</text>`)
  parts.push('</svg>')
  return parts.join('\n')
}

export function calibrationMarkdown(report: CalibrationReport, svgName: string): string {
  const m = report.margins
  const lines = [
    '# Verifier calibration',
    '',
    `${report.tasks.length} tasks from \`${report.tasks_dir}\`, scored by each task's own \`tests/verify.py\` (judge off).`,
    `Margins: oracle ≥ ${m.oracle_min}; empty ≤ ${m.empty_max}; every cheat ≤ ${m.cheat_max} (median ≤ ${m.cheat_median_max}); ` +
      `reordered and paraphrased oracles ≥ ${m.paraphrase_min} and above every cheat; another question's oracle ≤ ${m.other_question_max}.`,
    '',
    `![calibration chart](${svgName})`,
    '',
    '| answer | role | tasks | min | median | max |',
    '|---|---|---|---|---|---|',
    ...KINDS.filter((k) => report.summary[k]).map((k) => {
      const s = report.summary[k]!
      return `| ${k} | ${s.role} | ${s.n} | ${f2(s.min)} | ${f2(s.median)} | ${f2(s.max)} |`
    }),
    '',
    report.broken.length === 0 ? 'Every margin holds.' : `## ${report.broken.length} broken margin(s)`,
    '',
    ...report.broken.map((b) => `- \`${b.task}\` × \`${b.answer}\`: ${b.message.replace(/^[^:]*: /, '')}`),
    '',
  ]
  return lines.join('\n')
}

function writeAtomic(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true })
  const tmp = `${path}.tmp-${process.pid}`
  writeFileSync(tmp, text)
  renameSync(tmp, path)
}

/**
 * Writes report.json (schema-checked first), calibration.md and its chart (default: calibration.svg
 * beside it; the stage names its staging path, the markdown links the chart by its base name).
 */
export function writeCalibrationReport(report: CalibrationReport, paths: { json: string; markdown: string; svg?: string }): void {
  const json = calibrationReportJson(report)
  const svgPath = paths.svg ?? paths.markdown.replace(/\.md$/, '') + '.svg'
  writeAtomic(paths.json, json)
  writeAtomic(svgPath, `${calibrationSvg(report)}\n`)
  writeAtomic(paths.markdown, calibrationMarkdown(report, svgPath.split('/').pop()!))
}
