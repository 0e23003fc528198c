// The adapter README of the kit, in the section order of Harbor's adapter README template (Harbor's
// review tooling finds sections by their headings, so none is renamed, added or moved; anything
// extra goes under Notes & Caveats). Every number is counted from the tasks given to the kit.
import type { GeneratedTask } from './harbor-pick.ts'

/** One entry of parity_experiment.json. */
export interface ParityRecord {
  agent: string | null
  model: string | null
  date: string | null
  number_of_runs: number
  notes: string | null
  original_parity_repo: string | null
  adapter_pr: string[]
  dataset_pr: string[]
  parity_pr: string[]
  metrics: { benchmark_name: string; metric: string; original: string | null; harbor: string | null; original_runs: number[]; harbor_runs: number[] }[]
}

// The facts are gathered by adapter-kit.ts, which imports this module.
/** A generated task with what its task.toml says. */
export interface KitTask extends GeneratedTask {
  category: string
  difficulty: string
}

export interface KitFacts {
  adapterId: string
  datasetName: string
  datasetDescription: string
  tasks: KitTask[]
  registryTasks: number
  parityTasks: KitTask[]
  parityRuns: number
  /** Scenarios the selection read and kept after its filters (from selected_tasks.json), when known. */
  selection?: { read: number; filtered: number; selected: number; minContextLength?: number; minFilesCount?: number; topN?: number }
  /** Metric weights from the verifier config, when it has them. */
  weights: Record<string, number>
  builders: string[]
  concurrency: number
  runConfig: string
  parityConfig?: string
  /** The parity record already in the kit (filled in by hand or by parity-fill), when there is one. */
  previousParity?: ParityRecord
}

const AUTHORS = [
  'Qiu, Jielin', 'Liu, Zuxin', 'Liu, Zhiwei', 'Murthy, Rithesh', 'Zhang, Jianguo', 'Chen, Haolin', 'Wang, Shiyu',
  'Zhu, Ming', 'Yang, Liangwei', 'Tan, Juntao', 'Ram, Roshan', 'Prabhakar, Akshara', 'Awalgaonkar, Tulika',
  'Chen, Zixiang', 'Cen, Zhepeng', 'Qian, Cheng', 'Heinecke, Shelby', 'Yao, Weiran', 'Savarese, Silvio',
  'Xiong, Caiming', 'Wang, Huan',
]

/** `name (n), name (n)` sorted by name. */
function tally(tasks: KitTask[], key: 'language' | 'category' | 'difficulty'): string {
  const counts = new Map<string, number>()
  for (const t of tasks) counts.set(t[key], (counts.get(t[key]) ?? 0) + 1)
  return [...counts.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([k, n]) => `${k} (${n})`)
    .join(', ')
}

const fence = (lang: string, body: string): string => `\`\`\`${lang}\n${body}\n\`\`\``

export function adapterReadme(f: KitFacts): string {
  const n = f.tasks.length
  const sel = f.selection
  const example = f.tasks[0]
  const weights = Object.entries(f.weights)
  const parityDesc = f.parityTasks.length === n ? `all ${n} tasks` : `${f.parityTasks.length} of the ${n} tasks (one per language first, smallest id first; listed in \`${f.parityConfig}\`)`
  const parityConfig = f.parityConfig ?? f.runConfig
  const sections: string[] = []
  // The table shows the parity record once it is filled in (parity-fill writes the summaries),
  // a row of placeholders before.
  const record = f.previousParity
  const filled = record?.agent && record.model && record.metrics.every((m) => m.original && m.harbor) ? record : undefined
  const size = `${f.parityTasks.length} tasks (${Math.round((f.parityTasks.length / n) * 1000) / 10}% of the adapted set)`
  const rows = filled
    ? filled.metrics.map((m) => `| ${filled.agent} | ${filled.model} | ${m.metric} | ${filled.number_of_runs} | ${size} | ${(m.original ?? '').replace('+/-', '±')} | ${(m.harbor ?? '').replace('+/-', '±')} |`)
    : [`| _agent@version_ | _model id_ | mean reward | ${f.parityRuns} | ${size} | _mean ± sem_ | _mean ± sem_ |`]

  sections.push(`## LoCoBench-Agent → Harbor Adapter

This folder was written by locobench-harbor, the generator of these tasks, next to the ${n} task
directories it made; its numbers are counts of those tasks.`)

  sections.push(`## Overview

- **Tasks**: ${n} Harbor tasks (dataset \`${f.datasetName}\`, ${f.registryTasks} listed in its \`dataset.toml\`), each one
  LoCoBench-Agent scenario: a synthetic multi-file code project and a question about it that needs
  reading across files.
- **Languages**: ${tally(f.tasks, 'language')}.
- **Categories**: ${tally(f.tasks, 'category')}.
- **Difficulties**: ${tally(f.tasks, 'difficulty')}.
- **Where they come from**: ${sel ? `${sel.read} scenarios were read; ${sel.filtered} passed the filters (context length above ${sel.minContextLength ?? '?'} characters and more than ${sel.minFilesCount ?? '?'} files); the ${sel.selected} with the highest score (context size, file count and a per-category bonus${sel.topN ? `, top ${sel.topN}` : ''}) became tasks.` : 'the selection statistics were not given to the kit.'}
- **Main changes for Harbor**: the agent answers in a file (\`/logs/agent/solution.md\`) instead of a
  conversation; the whole project is in the image at \`/app/project/\`; the score is computed by a
  verifier inside the container instead of by the original evaluation pipeline.`)

  sections.push(`## What is LoCoBench-Agent?

LoCoBench-Agent (Salesforce AI Research, 2025) turns LoCoBench's 8,000 long-context software
engineering scenarios (1,000 synthetic projects in 10 languages, 8 task categories, contexts from
10K to 1M tokens) into interactive tasks for LLM agents, with tools for reading, searching and
analysing code. The original harness scores agents on comprehension and efficiency metrics over a
multi-turn session. Paper: [arXiv:2511.13998](https://arxiv.org/abs/2511.13998); code and data:
[SalesforceAIResearch/LoCoBench-Agent](https://github.com/SalesforceAIResearch/LoCoBench-Agent).`)

  sections.push(`## Adapter Features

- Deterministic selection of the scenarios where codebase understanding matters most, with the
  original adapter's scoring formula; every filter and quota is configurable.
- One Debian image per task with the language's toolchain from Debian packages and the complete
  project copied in last, so tasks of one language share every layer but the project.
- A verifier written in Python's standard library only (\`tests/verify.py\`): it writes reward 0 first,
  so a crash still leaves a reward, and keeps the parts of the score in \`reward-details.json\`.
${weights.length ? `- Score parts and weights: ${weights.map(([k, w]) => `${k} ${w}`).join(', ')}.\n` : ''}- An oracle (\`solution/solve.sh\`) that copies the reference answer into place; it reaches the pass
  threshold on every task, and an empty answer scores 0 (both checked before release).`)

  sections.push(`## Generated Task Structure

${fence('', `${f.datasetName.split('/').pop()}/
├── ${example.id}/
│   ├── task.toml                 [task] name, timeouts, resources, [metadata]
│   ├── instruction.md            the question, where the code is, where to answer
│   ├── environment/
│   │   ├── Dockerfile            Debian + the ${example.language} toolchain + python3
│   │   └── project/              the whole project, copied to /app/project/
│   ├── solution/
│   │   ├── solve.sh              the oracle
│   │   └── answer.md             the reference answer
│   └── tests/
│       ├── test.sh               writes reward 0, then runs verify.py
│       ├── verify.py             the scorer
│       ├── ground_truth.json
│       └── task_metadata.json
└── …                             ${n} task directories in all`)}`)

  sections.push(`## Run Evaluation / Harness

From the registry, once the dataset is published:

${fence('bash', `harbor run -d ${f.datasetName} -a oracle
harbor run -d ${f.datasetName} -a <agent> -m "<model>"`)}

With the job config of this folder, from the out dir the tasks were generated into:

${fence('bash', `harbor run -c harbor/adapter/${f.runConfig}
harbor run -c harbor/adapter/${f.runConfig} -a <agent> -m "<model>"`)}

With the task directories, or one task:

${fence('bash', `harbor run -p tasks -a <agent> -m "<model>"
harbor trial start -p tasks/${example.id} -a oracle`)}

Harbor skips a sub-directory it does not take for a task without a message: check that a job over
\`tasks\` has ${n} trials. On a Docker engine without bridge networking add
\`--extra-docker-compose <file>\` with \`services: {main: {build: {network: host}}}\`.`)

  sections.push(`## Usage: Create Task Directories

The tasks are made by locobench-harbor (TypeScript, run by zx), not by a Python adapter module:

${fence('bash', `npm ci
npx zx Taskfile.ts all --data path/to/LoCoBench-Agent/data   # writes out/tasks/ (with out/tasks/dataset.toml)`)}

The selection (\`top_n\`, thresholds, quotas, languages, categories) is set in
\`locobench.config.json5\`; only the stages whose inputs changed rerun.`)

  sections.push(`## Comparison with Original Benchmark (Parity)

Parity runs the same agent, model and settings ${f.parityRuns} times on the original LoCoBench-Agent harness and
${f.parityRuns} times on Harbor, on ${parityDesc}. ${filled ? `Run ${filled.date ?? '(date not given)'}; the runs are in \`parity_experiment.json\`.` : 'Not run yet: fill in `parity_experiment.json` when both sides have run; this table follows it.'}

| Agent | Model | Metric | Number of Runs | Dataset Size | Original Benchmark Performance | Harbor Adapter Performance |
|-------|-------|--------|----------------|--------------|--------------------------------|----------------------------|
${rows.join('\n')}

To reproduce:

${fence('bash', `# Harbor side, from the out dir: one job per run
for run in ${Array.from({ length: f.parityRuns }, (_, i) => i + 1).join(' ')}; do
  harbor run -c harbor/adapter/${parityConfig} -a <agent> -m "<model>" --job-name parity-$run
done
# Original side: the same agent and model, ${f.parityRuns} runs of LoCoBench-Agent's own harness on the same
# scenarios; each run's score goes into original_runs of parity_experiment.json.
# Then, from the locobench-harbor checkout: each job's mean reward becomes one of harbor_runs, and
# both sides get "mean +/- standard error"
npx node scripts/harbor/parity-fill.ts out/harbor/adapter/parity_experiment.json \\
${Array.from({ length: f.parityRuns }, (_, i) => `  --harbor-job out/harbor/jobs/parity-${i + 1}`).join(' \\\n')}`)}`)

  sections.push(`## Notes & Caveats

- The original harness scores a multi-turn session with nine metrics; these tasks score one written
  answer against the reference answer and the scenario's context files (the parts and their weights
  are in each task's \`tests/ground_truth.json\`). Compare the two sides with the same metric: run
  the task's verifier on the original side's final answers.
- Every task is a synthetic project copied into its image: there is no upstream repository to
  clone, and the verifier needs no network.
- Long contexts: projects hold up to hundreds of thousands of characters; agents need file search.`)

  sections.push(`## Installation / Prerequisites

- Docker (or a compatible engine) with \`docker compose\`, and Harbor 0.20 or later.
- Disk for one image per language (Debian and the toolchain), and one thin layer per task (its project).
- API keys for the agent and model being evaluated, as environment variables.`)

  sections.push(`## Troubleshooting

- **Image build has no network** (\`apt-get\` fails) on an engine started with \`--bridge=none\`: pass
  \`--extra-docker-compose\` with a file setting \`services.main.build.network: host\`.
- **Fewer trials than tasks**: Harbor skipped directories it did not take for tasks; run
  \`harbor run -p tasks/<id>\` on a missing one to see why.
- **Reward 0 for a real answer**: the answer must be in \`/logs/agent/solution.md\`; the verifier's
  reasons are in \`verifier/reward-details.json\` of the trial.`)

  sections.push(`## Citation

${fence('bibtex', `@article{qiu2025locobenchagent,
  title   = {LoCoBench-Agent: An Interactive Benchmark for LLM Agents in Long-Context Software Engineering},
  author  = {${AUTHORS.join(' and ')}},
  journal = {arXiv preprint arXiv:2511.13998},
  year    = {2025}
}`)}`)

  sections.push(`## Authors & Contributions

${f.builders.length ? f.builders.map((b) => `- ${b}`).join('\n') : '- Fill in the adapter builders (`harbor.adapter.builders` in the config), as "Name (email)".'}

Issues and pull requests: in the repository that holds this adapter.`)

  sections.push(`## Acknowledgement

The scenarios, projects and reference answers are LoCoBench-Agent's, by Salesforce AI Research.`)

  return `${sections.join('\n\n')}\n`
}
