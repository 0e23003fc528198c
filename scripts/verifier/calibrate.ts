#!/usr/bin/env node
// Calibrates generated tasks with their own verify.py and prints the table; exits 1 when a
// margin is broken. Until the engine runs a `calibrate` stage this is how to run the kit:
//   node scripts/verifier/calibrate.ts [--tasks out/tasks] [--out out] [--config FILE] [--json] [ID…]
// Writes <out>/calibration/report.json and <out>/report/calibration.md when --out is given.
import { parseArgs } from 'node:util'
import { loadConfig } from '../lib/config.ts'
import { calibrateTasks, type Margins } from './calibration.ts'
import { calibrationTable, writeCalibrationReport } from './calibration-report.ts'

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
  const report = await calibrateTasks({
    tasksDir: values.tasks,
    taskIds: positionals.length ? positionals : undefined,
    margins,
    concurrency: Number(values.concurrency),
    progress: (done, total, id) => process.stderr.write(`\r${done}/${total} ${id.slice(0, 60).padEnd(60)}`),
  })
  process.stderr.write('\n')
  if (values.out) writeCalibrationReport(report, { json: `${values.out}/calibration/report.json`, markdown: `${values.out}/report/calibration.md` })
  console.log(values.json ? JSON.stringify(report, null, 2) : calibrationTable(report))
  return report.ok ? 0 : 1
}

main(process.argv.slice(2)).then((code) => (process.exitCode = code), (error: Error) => {
  console.error(`calibrate: ${error.message}`)
  process.exitCode = 1
})
