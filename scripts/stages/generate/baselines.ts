// The verifier's cross-task baselines, computed once per generate run from the dataset:
// - common terms: content words in a large share of the selected tasks' ground truths (verify.py
//   counts them as given, so shared vocabulary earns nothing);
// - the leak baseline: word n-grams of every task on the selected tasks' projects (ground truth,
//   description, prompt), so an instruction repeating phrasing other tasks share is no leak.
import { parseScenarioId } from '../../lib/ids.ts'
import { sha256 } from '../../lib/hash.ts'
import { commonTerms } from '../../verifier/evidence.ts'
import { groundTruthText } from '../../verifier/ground-truth-text.ts'
import { leakBaseline, leakTexts } from '../../verifier/leaks.ts'
import { datasetIds, indexRecords, readRecordAt, type RecordRef } from '../../contracts/dataset.ts'

export interface Baselines {
  common: string[]
  leak: Map<string, number>
  /** Changes when either baseline changes: part of generate's recipe. */
  hash: string
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '')

/** The texts a task's leak check compares: ground truth, description and prompt (select's
 *  selection.exclude_leaks reads the same ones). */
export { leakTexts }

export function computeBaselines(dataset: string, selected: readonly string[], located: ReadonlyMap<string, RecordRef>): Baselines {
  const records = selected.map((id) => readRecordAt(dataset, located.get(id) as RecordRef).value)
  const common = commonTerms(records.map((r) => groundTruthText(r.ground_truth)))
  const projects = new Set(records.map((r) => str(r.project_id)))
  const chosen = new Set(selected)
  const peers = datasetIds(dataset).filter((id) => {
    if (chosen.has(id)) return false
    const parsed = parseScenarioId(id)
    return parsed.ok && projects.has(parsed.value.projectId)
  })
  const peerLocations = indexRecords(dataset, new Set(peers))
  const texts = [...records, ...[...peerLocations.values()].map((at) => readRecordAt(dataset, at).value)].map(leakTexts)
  const leak = leakBaseline(texts)
  const hash = sha256(`${common.join(' ')}\n${[...leak].filter(([, n]) => n > 1).map(([g]) => g).sort().join('\n')}`)
  return { common, leak, hash }
}
