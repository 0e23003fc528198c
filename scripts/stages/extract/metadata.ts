// project_metadata.json checks, on the main thread only (workers never load the schema validator).
// The metadata contributes warnings, never decisions: it must match its schema, and its unique_id
// and language must agree with the project id. The tree on disk decides layout and files.
import { parseProjectId } from '../../lib/ids.ts'
import { METADATA_FILE } from './project-scan.ts'
import type { ProjectScan } from './extract-types.ts'
import type { Check } from './validator.ts'

export const RAW_METADATA_SCHEMA = 'raw-project-metadata.schema.json'

/** Checks a freshly read project_metadata.json against its schema and the project id. */
export function settleMetadata(scan: ProjectScan, check: Check): void {
  if (scan.metadataValue === undefined || !scan.cache?.metadata) return
  const value = scan.metadataValue
  delete scan.metadataValue
  const findings = scan.cache.metadata.warnings
  const issues = check(RAW_METADATA_SCHEMA, value)
  for (const issue of issues.slice(0, 3)) {
    findings.push({ code: 'project-metadata-invalid', pointer: issue.pointer === '/' ? '' : issue.pointer, message: issue.message })
  }
  if (issues.length === 0) {
    const spec = (value as { specification: { unique_id: string; language: string } }).specification
    if (spec.unique_id !== scan.projectId) {
      findings.push({ code: 'project-metadata-mismatch', pointer: '/specification/unique_id', message: `unique_id is "${spec.unique_id}", the directory says "${scan.projectId}"` })
    }
    const parsed = parseProjectId(scan.projectId)
    if (parsed.ok && spec.language.toLowerCase() !== parsed.value.language) {
      findings.push({ code: 'project-metadata-mismatch', pointer: '/specification/language', message: `language is "${spec.language}", the project id says "${parsed.value.language}"` })
    }
  }
  for (const finding of findings) scan.warnings.push({ file: `${scan.dir}/${METADATA_FILE}`, ...finding })
}
