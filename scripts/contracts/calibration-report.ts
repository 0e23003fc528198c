// out/calibration/report.json: per task, what its verify.py gave each cheating answer and reworded
// oracle, the summary per answer kind and the margins that broke. Written by the calibrate stage
// (and by the verifier's own CLI), read by the report page. The shape is the verifier's, which
// computes it. Schema: schemas/calibration-report.schema.json.
import { check } from '../lib/schemas.ts'
import type { CalibrationReport } from '../verifier/calibration.ts'

export type { CalibrationReport }

export const CALIBRATION_REPORT_FILE = 'calibration/report.json'
export const CALIBRATION_REPORT_SCHEMA = 'calibration-report.schema.json'

/** The file's bytes, checked against the schema first. */
export function calibrationReportJson(report: CalibrationReport): string {
  const issues = check(CALIBRATION_REPORT_SCHEMA, report)
  if (issues.length) throw new Error(`calibration report does not match ${CALIBRATION_REPORT_SCHEMA}: ${issues.slice(0, 3).map((i) => `${i.pointer}: ${i.message}`).join('; ')}`)
  return `${JSON.stringify(report, null, 2)}\n`
}
