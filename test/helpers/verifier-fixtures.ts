// Ground truths for the verifier tests: the real samples converted the way generate converts them,
// object ground truths with the real key sets of docs/locobench-format.md §4, and edge shapes.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { rig } from './rig.ts'
import { toGroundTruthFile } from '../../scripts/verifier/samples.ts'
import { groundTruthText } from '../../scripts/verifier/ground-truth-text.ts'
import { DEFAULT_WEIGHTS, type GroundTruthFile, type RewardJson, type ScoreDetails } from '../../scripts/verifier/verifier-types.ts'
import { buildEvidence, enrichGroundTruth, type ProjectView } from '../../scripts/verifier/evidence.ts'
import { oracleAnswer } from '../../scripts/verifier/oracle.ts'

export const ROOT = join(import.meta.dirname, '..', '..')
export const VERIFY_PY = join(ROOT, 'templates', 'verify.py')
export const DRIVER_PY = join(import.meta.dirname, 'verifier-driver.py')
const SAMPLES = join(ROOT, 'test', 'fixtures', 'locobench', 'samples')

const P = '/app/project/'

/** A project in memory: relative path → text. */
export type Project = Record<string, string>

/** A ground truth completed the way generate completes it (evidence, index, instruction givens,
 *  judge rubric), over `project` (default: the context files, without contents). */
export function complete(gt: GroundTruthFile, project?: Project, instruction = '', common: string[] = []): GroundTruthFile {
  const files = project ? Object.keys(project) : gt.context_files.map((f) => f.slice(P.length))
  const view: ProjectView = { files, read: (rel) => project?.[rel] }
  const evidence = buildEvidence(gt.ground_truth_text, view, instruction)
  const relevant = { ...gt, relevant_files: evidence.relevant.map((f) => P + f) }
  const reference = oracleAnswer(relevant, evidence.quotes)
  return enrichGroundTruth(relevant, { project: view, instruction, reference, evidence, common, config: undefined })
}

export function gtFile(id: string, groundTruth: unknown, contextFiles: string[], extra: Partial<GroundTruthFile> = {}, project?: Project): GroundTruthFile {
  const base: GroundTruthFile = {
    id,
    task_category: 'architectural_understanding',
    ground_truth: groundTruth,
    ground_truth_text: groundTruthText(groundTruth),
    context_files: contextFiles,
    evaluation_criteria: ['Names the right files', 'Explains the flow'],
    weights: { ...DEFAULT_WEIGHTS },
  }
  return { ...complete(base, project), ...extra }
}

/** The oracle of a completed ground truth, with real evidence when the project has contents. */
export function oracleOf(gt: GroundTruthFile, project?: Project): string {
  const files = project ? Object.keys(project) : gt.context_files.map((f) => f.slice(P.length))
  return oracleAnswer(gt, buildEvidence(gt.ground_truth_text, { files, read: (rel) => project?.[rel] }, '').quotes)
}

/** A small shop project with real code: the grounding tests quote it, truly and falsely. */
export const SHOP: Project = {
  'src/app.py': 'from orders.order_pipeline import place_order\n\n\ndef handle_checkout(request):\n    cart_id = request.json["cart_id"]\n    return place_order(cart_id)\n',
  'src/cart/cart_service.py': 'class CartService:\n    def price_cart(self, cart_id):\n        items = self.repository.load_items(cart_id)\n        return sum(item.unit_price * item.quantity for item in items)\n',
  'src/orders/order_pipeline.py': [
    'from payments.gateway import charge_card',
    'from cart.cart_service import CartService',
    '',
    'def place_order(cart_id):',
    '    total = CartService().price_cart(cart_id)',
    '    receipt = charge_card(cart_id, total)  # blocks the worker for the whole round trip',
    '    record_order(cart_id, receipt)',
    '    return receipt',
    '',
    'def record_order(cart_id, receipt):',
    '    ORDERS[cart_id] = receipt',
    '',
  ].join('\n'),
  'src/payments/gateway.py': 'import time\n\ndef charge_card(cart_id, total):\n    time.sleep(2)  # the card network round trip\n    return {"cart_id": cart_id, "charged": total}\n',
  'docs/architecture.md': '# Architecture\n\nRequests enter app.py and flow to the order pipeline.\n',
  'tests/test_orders.py': 'def test_place_order():\n    assert place_order("c1")["charged"] >= 0\n',
  ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`src/extra/module_${i}.py`, `def helper_${i}(value):\n    return value + ${i}\n`])),
}

export const SHOP_TRUTH = [
  'The checkout is slow because `place_order` in `src/orders/order_pipeline.py` calls `charge_card` in `src/payments/gateway.py` synchronously,',
  'so every worker blocks for the card network round trip before `record_order` runs.',
  'Publish an order event instead and let a payment worker settle it; `price_cart` in `src/cart/cart_service.py` stays as it is.',
].join(' ')

/** The real CodeScaleBench ground truths and the reconstructed scenario, when the samples exist. */
export function realGroundTruths(): GroundTruthFile[] {
  const out: GroundTruthFile[] = []
  const csb = join(SAMPLES, 'codescalebench')
  if (existsSync(csb)) {
    for (const dir of readdirSync(csb).sort()) {
      const file = join(csb, dir, 'ground_truth.json')
      if (existsSync(file)) out.push(complete(toGroundTruthFile(JSON.parse(readFileSync(file, 'utf8')), dir)))
    }
  }
  const reconstructed = join(SAMPLES, 'reconstructed')
  if (existsSync(reconstructed)) {
    for (const name of readdirSync(reconstructed).sort().filter((n) => n.startsWith('scenario__'))) {
      const raw = JSON.parse(readFileSync(join(reconstructed, name), 'utf8'))
      out.push(complete({ ...toGroundTruthFile(raw), id: `reconstructed:${raw.id}` }))
    }
  }
  return out
}

const ledger = ['services/ledger/src/block_builder.c', 'services/ledger/src/strategies/pos_strategy.c', 'services/ledger/src/strategies/da_strategy.c', 'services/ledger/include/transaction.h', 'services/ledger/src/main.c', 'services/wallet/src/main.c', 'shared/common/errors.c', 'CMakeLists.txt'].map((p) => P + p)
const shop = ['src/cart/cart_service.py', 'src/cart/__init__.py', 'src/orders/order_pipeline.py', 'src/orders/__init__.py', 'src/payments/gateway.py', 'src/payments/__init__.py', 'src/app.py', 'docs/architecture.md', 'tests/test_orders.py'].map((p) => P + p)

/** One object ground truth per real key set (docs/locobench-format.md §4), with plausible values. */
export function objectGroundTruths(): GroundTruthFile[] {
  const bug = (id: string, gt: unknown) => gtFile(id, gt, ledger, { task_category: 'bug_investigation' })
  const arch = (id: string, gt: unknown) => gtFile(id, gt, shop)
  return [
    bug('object:explanation-buggy-fixed', {
      explanation: 'The block size is accumulated with sizeof on a pointer, so oversized blocks pass the builder.',
      file_with_bug: `${P}services/ledger/src/block_builder.c`,
      buggy_code: ['current_block_size += sizeof(tx->payload);'],
      file_to_fix: `${P}services/ledger/src/block_builder.c`,
      fixed_code: ['current_block_size += tx->payload_size;'],
    }),
    bug('object:culprit-files', {
      root_cause_summary: 'Two threads append to the mempool while the builder iterates it without holding the mempool lock.',
      culprit_files: [
        { file_path: `${P}services/ledger/src/block_builder.c`, description: 'iterates the mempool without the lock', line_number: 212 },
        { file_path: `${P}services/ledger/src/main.c`, description: 'starts the ingest thread before the builder thread', line_number: 48 },
      ],
      race_condition_explanation: 'The ingest thread reallocates the transaction array while the builder holds a stale pointer into it, which corrupts the block under load.',
    }),
    bug('object:vulnerable-file', {
      vulnerable_file: `${P}services/ledger/src/block_builder.c`,
      bug_description: 'Payload size is computed with sizeof on a pointer, undercounting every governance transaction.',
      secondary_issue_file: `${P}services/ledger/src/strategies/pos_strategy.c`,
      secondary_issue_description: 'The proof-of-stake validator skips the block size check that da_strategy.c performs.',
      key_files_for_analysis: [`${P}services/ledger/src/block_builder.c`, `${P}services/ledger/src/strategies/da_strategy.c`, `${P}services/ledger/include/transaction.h`],
    }),
    arch('object:data-flow', {
      data_flow_analysis: 'Requests enter app.py, the cart service validates items, and the order pipeline calls the payment gateway synchronously.',
      bottleneck_identification: 'The synchronous gateway call in order_pipeline.py blocks a worker for the whole payment round trip.',
      proposed_solution: 'Publish an order-created event and let a payment worker settle it asynchronously, with an outbox table for delivery.',
      key_files_for_modification: [
        { file: `${P}src/orders/order_pipeline.py`, reason: 'emit the event instead of calling the gateway' },
        { file: `${P}src/payments/gateway.py`, reason: 'consume events and report the settlement' },
      ],
    }),
    arch('object:pipeline-map', {
      pipeline_map: { intake: 'app.py parses the request', pricing: 'cart_service.py prices the cart', settlement: 'gateway.py charges the card' },
      bottleneck_coupling: 'Pricing and settlement share one database transaction, so a slow card network holds row locks on the cart.',
      architectural_solution: 'Split the transaction: commit the priced order first, then settle through a queue.',
      justification: 'Row locks are then held for milliseconds instead of the card network latency.',
      affected_components: [{ module: 'orders', change: 'commit before settlement' }, { module: 'payments', change: 'queue consumer' }],
    }),
    arch('object:core-components', {
      notes: 'The cart and orders packages talk through module-level singletons.',
      core_components: ['cart_service.py', 'order_pipeline.py', 'gateway.py'],
      dependency_analysis: { internal_dependencies: ['orders imports cart.cart_service'], external_consumers: ['the mobile app calls /orders'] },
      proposed_api: [{ endpoint: 'POST /orders', description: 'create an order from a cart', payload: '{"cart_id": "string"}' }],
      refactoring_plan: [{ module: 'cart', change: 'inject the repository instead of importing the singleton' }],
    }),
    arch('object:mvc', {
      component_mapping: { Model: 'src/orders/order_pipeline.py holds order state', View: 'docs/architecture.md describes the templates', Controller: 'src/app.py routes requests' },
      workflow_trace: 'A checkout request goes from app.py to the order pipeline, which prices the cart and calls the gateway.',
      architectural_critique: { benefits: ['clear request routing'], drawbacks: ['the pipeline mixes domain logic with payment I/O'] },
    }),
    arch('object:conflict', {
      analysis_of_conflict: 'Both the cart and the order pipeline recompute discounts with different rounding rules.',
      proposed_architectural_pattern: { pattern: 'Strategy', justification: 'one discount policy object injected into both services' },
      component_placement: {
        new_files: [{ path: `${P}src/pricing/discount_policy.py`, description: 'the single discount strategy' }],
        modified_files: [{ path: `${P}src/cart/cart_service.py`, change: 'use the policy' }, { path: `${P}src/orders/order_pipeline.py`, change: 'use the policy' }],
      },
      decision_logic: 'The policy is chosen per tenant from configuration at startup.',
    }),
    arch('object:claim-check', {
      current_flow_analysis: 'Order payloads with attachments are passed through the queue in full.',
      bottleneck_explanation: 'Large messages exceed the broker frame size and are retried forever.',
      proposed_solution_claim_check: { description: 'Store attachments in object storage and send a reference.', implementation_steps: ['upload in app.py', 'pass the key in the event', 'fetch in gateway.py'] },
      system_changes: [{ file: `${P}src/app.py`, change: 'upload attachments' }, { file: `${P}src/payments/gateway.py`, change: 'fetch by key' }],
      trade_off_analysis: { pros: ['small messages'], cons: ['one more network hop', 'orphaned blobs need cleanup'] },
    }),
    gtFile('object:security', { vulnerability: 'SQL injection in the order search endpoint of app.py through string formatting.', solution: 'Use parameterised queries in order_pipeline.py.' }, shop, { task_category: 'security_analysis' }),
  ]
}

/** Short and long strings, and the shapes a verifier must survive. */
export function edgeGroundTruths(real: GroundTruthFile[]): GroundTruthFile[] {
  const long = real.map((g) => g.ground_truth_text).join('\n\n') || 'x '.repeat(3000)
  const files = ['src/main.c', 'src/main.cpp', 'lib/domain.c', 'a/util/helpers.py', 'b/util/helpers.py', 'c/x/helpers.py', 'README.md', 'docs/README.md'].map((p) => P + p)
  return [
    gtFile('string:short', 'The race is in `src/main.c`: `flush_queue()` runs without the queue lock.', files),
    gtFile('string:two-words', 'Mutex missing.', files),
    gtFile('string:long', long, shop),
    gtFile('string:no-context-files', 'The gateway retries payments without idempotency keys, so a timeout double-charges the card.', []),
    gtFile('string:unicode', 'Le café « naïve » utilise 東京 et İstanbul; the KELVIN sign K and the emoji 🚀 mark `résumé_parser` in the module.', files),
    gtFile('empty-ground-truth', '', files),
    gtFile('empty-ground-truth-and-files', '', []),
    gtFile('weights:equal', 'The cache evicts entries by insertion order instead of recency in `lru.c`.', files, { weights: { content_words: 1, identifiers: 1, file_references: 1, code_grounding: 1 } }),
    gtFile('weights:no-keywords', 'The cache evicts entries by insertion order instead of recency in `lru.c`.', files, { weights: { content_words: 0, identifiers: 0.5, file_references: 0.3, code_grounding: 0.2 } }),
  ]
}

/** Every scenario of a small run of the synthetic generator (its CLI), converted like the samples. */
export function syntheticGroundTruths(projects = 4, seed = 3): GroundTruthFile[] {
  using synth = rig({}, 'verifier-synth-')
  const out = synth.dir
  const args = [join(ROOT, 'scripts', 'synth.ts'), '--out', out, '--projects', String(projects), '--seed', String(seed), '--max-project-chars', '40000']
  const run = spawnSync(process.execPath, args, { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`synth failed (${run.status}): ${run.stderr}`)
  const dir = join(out, 'output', 'scenarios')
  return readdirSync(dir).sort().map((name) => {
    const raw = JSON.parse(readFileSync(join(dir, name), 'utf8'))
    return complete({ ...toGroundTruthFile(raw), id: `synthetic:${raw.id}` })
  })
}

export interface PythonScore {
  reward_json: RewardJson
  details: ScoreDetails
}

/** Scores many cases with the real python3 and verify.py's own functions, in one process. */
export function pythonScores(cases: { answer: string; gt: GroundTruthFile }[], rounds: number[] = []): { results: PythonScore[]; rounds: number[]; stop_words: string[] } {
  const run = spawnSync('python3', [DRIVER_PY, 'score', VERIFY_PY], {
    input: JSON.stringify({ cases, rounds }),
    encoding: 'utf8',
    maxBuffer: 1024 * 1024 * 1024,
  })
  if (run.status !== 0) throw new Error(`python3 driver failed (${run.status}): ${run.stderr}`)
  return JSON.parse(run.stdout)
}
