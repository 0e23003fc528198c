#!/usr/bin/env node
// Calibrates generated tasks with their own verify.py and prints the table; exits 1 when a
// margin is broken. The same kit and margins as the `calibrate` stage (`npx zx Taskfile.ts
// calibrate`, part of `all`), without the engine: no per-task records (every task is scored
// every time), any tasks dir, a subset of ids, the table or --json on stdout:
//   node scripts/verifier/calibrate-cli.ts [--tasks out/tasks] [--out DIR] [--config FILE] [--json] [ID…]
// With --out it writes DIR/calibration/report.json and DIR/report/calibration.md (+ SVG); give
// it a scratch dir: out/ belongs to the stage, which sees files edited behind it as modified.
import { parseArgs } from 'node:util'
import { loadConfig } from '../lib/config-loader.ts'
import { calibrateTasks, type Margins } from './calibration.ts'
import { calibrationTable, writeCalibrationReport } from './calibration-files.ts'

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      tasks: { type: 'string', default: 'out/tasks' },
      out: { type: 'string' },
      config: { type: 'string' },
      json: { type: 'boolean', default: false },
      concurrency: { type: 'string', default: '2' },
    },
  })
  const margins = (loadConfig(values.config).config.verifier as { calibration?: Margins }).calibration
  const started = performance.now()
  const report = await calibrateTasks({
    tasksDir: values.tasks,
    taskIds: positionals.length ? positionals : undefined,
    margins,
    concurrency: Number(values.concurrency),
    progress: (done, total, id) => process.stderr.write(`\r${done}/${total} ${id.slice(0, 60).padEnd(60)}`),
  })
  process.stderr.write(`\n${report.tasks.length} tasks scored in ${((performance.now() - started) / 1000).toFixed(1)} s\n`)
  if (values.out) writeCalibrationReport(report, { json: `${values.out}/calibration/report.json`, markdown: `${values.out}/report/calibration.md` })
  console.log(values.json ? JSON.stringify(report, null, 2) : calibrationTable(report))
  return report.ok ? 0 : 1
}

main(process.argv.slice(2)).then((code) => (process.exitCode = code), (error: Error) => {
  console.error(`calibrate: ${error.message}`)
  process.exitCode = 1
})
