// Hand-written SVG charts for the selection report: plain rects and text, fixed sizes and fonts, no
// scripts or external references, numbers printed with one decimal, so the bytes depend only on the
// data and the files render the same in a browser and on a code host.

export interface Bar {
  label: string
  value: number
}

export interface HistogramBin {
  from: number
  to: number
  selected: number
  other: number
}

const WIDTH = 640
const FONT = 'font-family="sans-serif"'
const SELECTED_COLOR = '#1f6feb'
const OTHER_COLOR = '#b6d3fb'
const AXIS_COLOR = '#57606a'
const GRID_COLOR = '#d0d7de'

export const escapeXml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

const n = (value: number): string => String(Math.round(value * 10) / 10)

/** Count ticks: 0 and evenly spaced whole round numbers (1, 2, 5 × 10^k) up to at least max. */
export function niceTicks(max: number, wanted = 5): number[] {
  if (max <= 0) return [0, 1]
  const raw = max / wanted
  const power = 10 ** Math.max(0, Math.floor(Math.log10(raw)))
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!
  const ticks = [0]
  while (ticks[ticks.length - 1] < max) ticks.push(ticks[ticks.length - 1] + step)
  return ticks
}

function svgDocument(width: number, height: number, title: string, body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="16" y="24" ${FONT} font-size="15" font-weight="bold" fill="#24292f">${escapeXml(title)}</text>`,
    ...body,
    '</svg>',
    '',
  ].join('\n')
}

/** Horizontal bars, one row per label, with a value axis along the bottom. */
export function barChartSvg(title: string, bars: Bar[], unit = 'tasks'): string {
  const labelWidth = Math.max(...bars.map((b) => b.label.length), 4) * 7 + 24
  const x0 = labelWidth
  const plotWidth = WIDTH - x0 - 48
  const top = 44
  const row = 22
  const bottom = top + bars.length * row + 6
  const height = bottom + 40
  const ticks = niceTicks(Math.max(...bars.map((b) => b.value), 0))
  const scale = plotWidth / ticks[ticks.length - 1]
  const body: string[] = []
  for (const tick of ticks) {
    const x = n(x0 + tick * scale)
    body.push(`<line x1="${x}" y1="${top - 4}" x2="${x}" y2="${bottom}" stroke="${GRID_COLOR}" stroke-width="1"/>`)
    body.push(`<text x="${x}" y="${bottom + 16}" ${FONT} font-size="11" fill="${AXIS_COLOR}" text-anchor="middle">${tick}</text>`)
  }
  bars.forEach((bar, i) => {
    const y = top + i * row
    const w = bar.value * scale
    body.push(`<text class="label" x="${x0 - 8}" y="${n(y + 13)}" ${FONT} font-size="12" fill="#24292f" text-anchor="end">${escapeXml(bar.label)}</text>`)
    body.push(`<rect class="bar" x="${x0}" y="${y + 2}" width="${n(w)}" height="14" fill="${SELECTED_COLOR}"><title>${escapeXml(`${bar.label}: ${bar.value}`)}</title></rect>`)
    body.push(`<text class="value" x="${n(x0 + w + 4)}" y="${n(y + 13)}" ${FONT} font-size="11" fill="#24292f">${bar.value}</text>`)
  })
  body.push(`<line x1="${x0}" y1="${top - 4}" x2="${x0}" y2="${bottom}" stroke="${AXIS_COLOR}" stroke-width="1"/>`)
  body.push(`<line x1="${x0}" y1="${bottom}" x2="${x0 + plotWidth}" y2="${bottom}" stroke="${AXIS_COLOR}" stroke-width="1"/>`)
  body.push(`<text x="${n(x0 + plotWidth / 2)}" y="${bottom + 34}" ${FONT} font-size="11" fill="${AXIS_COLOR}" text-anchor="middle">${escapeXml(unit)}</text>`)
  return svgDocument(WIDTH, height, title, body)
}

/** Vertical stacked bars: selected records at the bottom of each bin, the other passed ones above. */
export function histogramSvg(title: string, bins: HistogramBin[]): string {
  const x0 = 56
  const top = 60
  const plotHeight = 220
  const plotWidth = WIDTH - x0 - 24
  const bottom = top + plotHeight
  const height = bottom + 48
  const ticks = niceTicks(Math.max(...bins.map((b) => b.selected + b.other), 0))
  const scale = plotHeight / ticks[ticks.length - 1]
  const binWidth = plotWidth / Math.max(bins.length, 1)
  const sum = (key: 'selected' | 'other') => bins.reduce((total, bin) => total + bin[key], 0)
  const body: string[] = [
    `<rect x="${x0}" y="36" width="10" height="10" fill="${SELECTED_COLOR}"/>`,
    `<text x="${x0 + 14}" y="45" ${FONT} font-size="11" fill="#24292f">selected (${sum('selected')})</text>`,
    `<rect x="${x0 + 130}" y="36" width="10" height="10" fill="${OTHER_COLOR}"/>`,
    `<text x="${x0 + 144}" y="45" ${FONT} font-size="11" fill="#24292f">passed, not selected (${sum('other')})</text>`,
    `<text transform="translate(16 ${n(top + plotHeight / 2)}) rotate(-90)" ${FONT} font-size="11" fill="${AXIS_COLOR}" text-anchor="middle">records</text>`,
  ]
  for (const tick of ticks) {
    const y = n(bottom - tick * scale)
    body.push(`<line x1="${x0}" y1="${y}" x2="${x0 + plotWidth}" y2="${y}" stroke="${GRID_COLOR}" stroke-width="1"/>`)
    body.push(`<text x="${x0 - 6}" y="${n(bottom - tick * scale + 4)}" ${FONT} font-size="11" fill="${AXIS_COLOR}" text-anchor="end">${tick}</text>`)
  }
  const labelEvery = Math.max(1, Math.ceil(bins.length / 5))
  bins.forEach((bin, i) => {
    const x = x0 + i * binWidth
    const range = `${edge(bin.from)}–${edge(bin.to)}`
    const selectedHeight = bin.selected * scale
    const otherHeight = bin.other * scale
    body.push(`<rect class="bar selected" x="${n(x + 1)}" y="${n(bottom - selectedHeight)}" width="${n(binWidth - 2)}" height="${n(selectedHeight)}" fill="${SELECTED_COLOR}"><title>${range}: ${bin.selected} selected</title></rect>`)
    body.push(`<rect class="bar other" x="${n(x + 1)}" y="${n(bottom - selectedHeight - otherHeight)}" width="${n(binWidth - 2)}" height="${n(otherHeight)}" fill="${OTHER_COLOR}"><title>${range}: ${bin.other} passed, not selected</title></rect>`)
    if (i % labelEvery === 0) body.push(`<text x="${n(x)}" y="${bottom + 16}" ${FONT} font-size="11" fill="${AXIS_COLOR}" text-anchor="middle">${edge(bin.from)}</text>`)
  })
  if (bins.length > 0) body.push(`<text x="${n(x0 + plotWidth)}" y="${bottom + 16}" ${FONT} font-size="11" fill="${AXIS_COLOR}" text-anchor="middle">${edge(bins[bins.length - 1].to)}</text>`)
  body.push(`<line x1="${x0}" y1="${top}" x2="${x0}" y2="${bottom}" stroke="${AXIS_COLOR}" stroke-width="1"/>`)
  body.push(`<line x1="${x0}" y1="${bottom}" x2="${x0 + plotWidth}" y2="${bottom}" stroke="${AXIS_COLOR}" stroke-width="1"/>`)
  body.push(`<text x="${n(x0 + plotWidth / 2)}" y="${bottom + 36}" ${FONT} font-size="11" fill="${AXIS_COLOR}" text-anchor="middle">score (unrounded)</text>`)
  return svgDocument(WIDTH, height, title, body)
}

const edge = (value: number): string => String(Math.round(value * 1000) / 1000)

/** Equal-width bins from 0 to the next tenth at or above the highest score (at least 1). */
export function scoreBins(totals: { total: number; selected: boolean }[], count = 20): HistogramBin[] {
  const highest = Math.max(1, ...totals.map((t) => t.total))
  const upper = Math.ceil(highest * 10 - 1e-9) / 10
  const width = upper / count
  const bins: HistogramBin[] = Array.from({ length: count }, (_, i) => ({ from: i * width, to: (i + 1) * width, selected: 0, other: 0 }))
  for (const { total, selected } of totals) {
    const bin = bins[Math.min(count - 1, Math.floor(total / width))]
    if (selected) bin.selected++
    else bin.other++
  }
  return bins
}
