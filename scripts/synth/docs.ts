// Non-code project files: documents, configs, build and infrastructure files. The LLM behind
// LoCoBench wrote them as long as code files (a .gitignore of 3.8K characters is real), so each
// writer repeats sections of its format until the target size is reached.
import type { Rng } from './prng.ts'
import type { Prose } from './prose.ts'
import type { FileKind } from './tree.ts'
import { FANCY } from './vocab.ts'
import { camel, kebab, pascal, snake, titleCase, upperSnake } from './words.ts'
import { wrap } from './code.ts'

export interface DocInput {
  rng: Rng
  prose: Prose
  kind: FileKind
  /** Path as shown in the project (single `/`). */
  path: string
  module: string
  language: string
  name: string
  pkg: string
  components: string[]
  features: string[]
  libs: string[]
  /** Signatures of code written so far, quoted in documents. */
  signatures: string[]
  codeFence: string
  fancy: boolean
  target: number
}

type Writer = (d: DocInput, out: Out) => void

class Out {
  parts: string[] = []
  len = 0
  put(text: string): void {
    this.parts.push(text)
    this.len += text.length
  }
}

export function writeDoc(d: DocInput): string {
  const out = new Out()
  WRITERS[d.kind](d, out)
  return out.parts.join('')
}

const until = (d: DocInput, out: Out, section: () => string) => {
  let guard = 0
  while (out.len < d.target && guard++ < 2000) out.put(section())
}

const version = (rng: Rng) => `${rng.int(0, 5)}.${rng.int(0, 30)}.${rng.int(0, 20)}`
const comp = (d: DocInput) => d.rng.pick(d.components)

const markdown: Writer = (d, out) => {
  const { rng, prose } = d
  const title = /readme/i.test(d.module) ? d.name : titleCase(d.module.replace(/^\d+-/, ''))
  out.put(`# ${title}\n\n${prose.paragraph(3, 5)}\n\n`)
  if (d.fancy) out.put(`> ${rng.pick(FANCY.emoji)} ${prose.sentence()}\n\n`)
  let n = 0
  until(d, out, () => {
    n++
    const c = comp(d)
    const heading = rng.pick([`${titleCase(c)} Service`, 'Architecture Overview', 'Data Flow', 'Configuration', 'Error Handling', 'Deployment', `${titleCase(c)} Lifecycle`, 'Testing Strategy', 'Security Considerations', 'Operational Runbook', 'Known Limitations'])
    let s = `## ${n}. ${heading}\n\n${prose.paragraph(3, 6)}\n\n`
    const bullet = d.fancy && rng.chance(0.5) ? FANCY.bullet : '-'
    for (let i = rng.int(3, 6); i > 0; i--) s += `${bullet} **${titleCase(rng.pick(d.features))}**: ${prose.sentence()}\n`
    s += '\n'
    if (d.signatures.length && rng.chance(0.6)) s += `\`\`\`${d.codeFence}\n${rng.sample(d.signatures, rng.int(1, 4)).join('\n')}\n\`\`\`\n\n`
    if (rng.chance(0.3)) {
      s += '| Component | Responsibility | Owner |\n|---|---|---|\n'
      for (let i = rng.int(2, 5); i > 0; i--) s += `| \`${snake(comp(d))}\` | ${prose.sentence()} | ${rng.pick(['platform', 'core', 'data', 'infra'])} team |\n`
      s += '\n'
    }
    if (d.fancy && rng.chance(0.3)) s += `${FANCY.box[2]}${FANCY.box[0].repeat(30)}${FANCY.box[3]}\n${FANCY.box[1]} ${titleCase(c).padEnd(28)} ${FANCY.box[1]}\n${FANCY.box[4]}${FANCY.box[0].repeat(30)}${FANCY.box[5]}\n\n`
    return s
  })
}

function jsonValue(rng: Rng, key: string): string {
  if (/enabled|strict|verbose/.test(key)) return rng.chance(0.5) ? 'true' : 'false'
  if (/ms|seconds|size|limit|retries|port|count|ttl/.test(key)) return String(rng.pick([1, 3, 5, 30, 60, 100, 250, 1000, 5000, 8080]))
  if (/url|endpoint|host/.test(key)) return `"https://${kebab(key)}.internal.example:${rng.int(3000, 9999)}"`
  return `"${rng.pick(['info', 'debug', 'primary', 'round_robin', 'lru', 'utf-8', 'v1', 'standard'])}"`
}

const SETTING_KEYS = ['enabled', 'timeout_ms', 'max_retries', 'batch_size', 'endpoint', 'log_level', 'cache_ttl', 'pool_size', 'strategy', 'port', 'rate_limit', 'queue_size', 'strict']

const json: Writer = (d, out) => {
  const { rng } = d
  const head: string[] = []
  if (d.module === 'package') {
    head.push(`"name": "${kebab(d.pkg)}"`, `"version": "${version(rng)}"`, `"description": "${d.name.replace(/"/g, '')}"`, '"private": true',
      `"scripts": {\n    "start": "node src/index.js",\n    "test": "jest --coverage",\n    "lint": "eslint ."\n  }`,
      `"dependencies": {\n${d.libs.map((l) => `    "${l}": "^${version(rng)}"`).join(',\n')}\n  }`)
  } else head.push(`"$schema": "./schema.json"`, `"name": "${snake(d.module)}"`)
  out.put(`{\n  ${head.join(',\n  ')}`)
  until(d, out, () => {
    const c = snake(comp(d))
    const keys = rng.sample(SETTING_KEYS, rng.int(3, 7))
    return `,\n  "${c}_${rng.int(1, 99)}": {\n${keys.map((k) => `    "${k}": ${jsonValue(rng, k)}`).join(',\n')},\n    "description": ${JSON.stringify(d.prose.sentence())}\n  }`
  })
  out.put('\n}\n')
}

const yaml: Writer = (d, out) => {
  const { rng } = d
  out.put(`# ${d.path}\n# ${d.prose.sentence()}\nversion: "${version(rng)}"\n`)
  until(d, out, () => {
    const c = snake(comp(d))
    const keys = rng.sample(SETTING_KEYS, rng.int(3, 7))
    return `\n# ${d.prose.sentence()}\n${c}_${rng.int(1, 99)}:\n${keys.map((k) => `  ${k}: ${jsonValue(rng, k)}`).join('\n')}\n  tags:\n${rng.sample(d.features, 2).map((f) => `    - ${f}`).join('\n')}\n`
  })
}

const toml: Writer = (d, out) => {
  const { rng } = d
  if (d.module === 'Cargo' || d.module === 'pyproject') {
    out.put(`[${d.module === 'Cargo' ? 'package' : 'project'}]\nname = "${kebab(d.pkg)}"\nversion = "${version(rng)}"\nedition = "2021"\n\n[dependencies]\n${d.libs.map((l) => `${l} = "${version(rng)}"`).join('\n')}\n`)
  } else out.put(`# ${d.path}\n# ${d.prose.sentence()}\n`)
  until(d, out, () => {
    const c = snake(comp(d))
    const keys = rng.sample(SETTING_KEYS, rng.int(3, 7))
    return `\n# ${d.prose.sentence()}\n[${c}.${rng.pick(['server', 'storage', 'limits', 'retry', 'telemetry'])}${rng.int(1, 99)}]\n${keys.map((k) => `${k} = ${jsonValue(rng, k)}`).join('\n')}\n`
  })
}

const xml: Writer = (d, out) => {
  const { rng } = d
  out.put(`<?xml version="1.0" encoding="UTF-8"?>\n<!-- ${d.prose.sentence()} -->\n<project>\n  <name>${d.name.replace(/[<&>]/g, '')}</name>\n  <dependencies>\n`)
  until(d, out, () => {
    const lib = rng.pick(d.libs)
    return `    <!-- ${d.prose.sentence()} -->\n    <dependency>\n      <groupId>${lib.split(/[/:]/)[0]}</groupId>\n      <artifactId>${kebab(lib)}</artifactId>\n      <version>${version(rng)}</version>\n      <scope>${rng.pick(['compile', 'runtime', 'test'])}</scope>\n    </dependency>\n`
  })
  out.put('  </dependencies>\n</project>\n')
}

const shell: Writer = (d, out) => {
  const { rng } = d
  out.put(`#!/usr/bin/env bash\n# ${d.path}: ${d.prose.sentence()}\nset -euo pipefail\n\nROOT_DIR="$(cd "$(dirname "\${BASH_SOURCE[0]}")/.." && pwd)"\nLOG_LEVEL="\${LOG_LEVEL:-info}"\n\nlog() {\n  printf '[%s] %s\\n' "$(date +%H:%M:%S)" "$*"\n}\n\n`)
  until(d, out, () => {
    const c = snake(comp(d))
    const verb = rng.pick(['build', 'start', 'check', 'migrate', 'seed', 'package', 'wait_for'])
    return `# ${d.prose.sentence()}\n${verb}_${c}() {\n  log "${d.fancy && rng.chance(0.3) ? `${rng.pick(FANCY.emoji)} ` : ''}${verb} ${c}"\n  if [[ ! -d "$ROOT_DIR/${c}" ]]; then\n    log "skipping ${c}: not present"\n    return 0\n  fi\n  (cd "$ROOT_DIR/${c}" && ${rng.pick(['make', 'cargo build --release', 'npm ci', 'go build ./...', 'docker compose up -d', 'python -m pytest -q'])})\n}\n\n`
  })
  out.put(`main() {\n  log "done"\n}\n\nmain "$@"\n`)
}

const dockerfile: Writer = (d, out) => {
  const { rng } = d
  const base = ({ python: 'python:3.11-slim', go: 'golang:1.22', rust: 'rust:1.78', java: 'eclipse-temurin:21', csharp: 'mcr.microsoft.com/dotnet/sdk:8.0', php: 'php:8.3-fpm', javascript: 'node:20-alpine', typescript: 'node:20-alpine', c: 'gcc:13', cpp: 'gcc:13' } as Record<string, string>)[d.language] ?? 'debian:bookworm-slim'
  out.put(`# syntax=docker/dockerfile:1\n# ${d.prose.sentence()}\nFROM ${base} AS build\nWORKDIR /src\n`)
  until(d, out, () => {
    const c = snake(comp(d))
    return `\n# ${d.prose.sentence()}\nCOPY ${c}/ ./${c}/\nRUN ${rng.pick(['make -C', 'cd', 'ls'])} ./${c} && echo "built ${c}"\nENV ${upperSnake(c, 'log', 'level')}=${rng.pick(['info', 'debug', 'warn'])}\n`
  })
  out.put(`\nFROM debian:bookworm-slim\nCOPY --from=build /src /app\nEXPOSE ${rng.int(3000, 9000)}\nCMD ["/app/bin/${kebab(d.pkg)}"]\n`)
}

const cmake: Writer = (d, out) => {
  const { rng } = d
  out.put(`cmake_minimum_required(VERSION 3.${rng.int(16, 28)})\nproject(${pascal(d.pkg)} VERSION ${version(rng)} LANGUAGES ${d.language === 'cpp' ? 'CXX' : 'C'})\n\n# ${d.prose.sentence()}\nset(CMAKE_${d.language === 'cpp' ? 'CXX' : 'C'}_STANDARD ${d.language === 'cpp' ? 20 : 11})\noption(ENABLE_TESTS "Build the unit tests" ON)\n\n`)
  until(d, out, () => {
    const c = snake(comp(d))
    const ext = d.language === 'cpp' ? 'cpp' : 'c'
    return `# ${d.prose.sentence()}\nadd_library(${c}_${rng.int(1, 99)} STATIC\n    src/${c}_service.${ext}\n    src/${c}_handler.${ext}\n)\ntarget_include_directories(${c} PUBLIC include)\ntarget_link_libraries(${c} PRIVATE ${rng.sample(d.libs, 2).map((l) => snake(l)).join(' ')})\n\n`
  })
}

const makefile: Writer = (d, out) => {
  const { rng } = d
  out.put(`# ${d.prose.sentence()}\n.PHONY: all build test lint clean\n\nall: build\n\n`)
  until(d, out, () => {
    const c = snake(comp(d))
    return `# ${d.prose.sentence()}\n${rng.pick(['build', 'test', 'lint', 'run'])}-${kebab(c)}-${rng.int(1, 99)}:\n\t@echo "==> ${c}"\n\t${rng.pick(['go test ./internal/', 'pytest tests/unit/test_', 'cargo test -p '])}${c}\n\n`
  })
}

const ignore: Writer = (d, out) => {
  const { rng } = d
  const patterns = ['*.log', '*.tmp', 'build/', 'dist/', 'node_modules/', '__pycache__/', '*.pyc', 'target/', 'bin/', 'obj/', '.env', '.env.*', '.idea/', '.vscode/', '*.swp', 'coverage/', '.DS_Store', '*.o', '*.a', '*.so', 'vendor/', '.cache/', 'tmp/', '*.db']
  until(d, out, () => `\n# ${d.prose.sentence()}\n${rng.sample(patterns, rng.int(3, 8)).join('\n')}\n/${snake(comp(d))}/${rng.pick(['out', 'data', 'cache', 'snapshots'])}/\n`)
}

const license: Writer = (d, out) => {
  const { rng } = d
  out.put(`${d.name} License\n\nCopyright ${d.fancy ? '\u00a9' : '(c)'} ${rng.int(2019, 2025)} The ${d.name} Authors\n\n`)
  let n = 0
  until(d, out, () => `${++n}. ${titleCase(rng.pick(['definitions', 'grant of rights', 'redistribution', 'trademarks', 'disclaimer of warranty', 'limitation of liability', 'contributions', 'termination']))}.\n\n${wrap(d.prose.paragraph(4, 7), 78).join('\n')}\n\n`)
}

const requirements: Writer = (d, out) => {
  const { rng } = d
  if (d.language === 'go') {
    out.put(`module github.com/${kebab(d.name.split(' ')[0])}/${snake(d.pkg)}\n\ngo 1.22\n\nrequire (\n`)
    until(d, out, () => `\t${rng.pick(d.libs)}${rng.chance(0.5) ? `/${snake(comp(d))}` : ''} v${version(rng)} // ${d.prose.sentence()}\n`)
    out.put(')\n')
    return
  }
  out.put(`# ${d.prose.sentence()}\n`)
  until(d, out, () => `# ${d.prose.sentence()}\n${rng.pick(d.libs)}${rng.pick(['==', '>=', '~='])}${version(rng)}\n`)
}

const puml: Writer = (d, out) => {
  const { rng } = d
  out.put(`@startuml\ntitle ${d.name} ${titleCase(d.module)}\n\n${d.components.map((c) => `participant "${titleCase(c)}" as ${pascal(c)}`).join('\n')}\n\n`)
  until(d, out, () => {
    const a = pascal(comp(d))
    const b = pascal(comp(d))
    return `${a} -> ${b}: ${camel(rng.pick(['request', 'publish', 'fetch', 'notify']), comp(d))}()\nnote right of ${b}\n  ${d.prose.sentence()}\nend note\n${b} --> ${a}: ${rng.pick(['ack', 'result', 'error', 'snapshot'])}\n\n`
  })
  out.put('@enduml\n')
}

const graphql: Writer = (d, out) => {
  const { rng } = d
  out.put(`# ${d.prose.sentence()}\nscalar DateTime\n\n`)
  until(d, out, () => {
    const T = pascal(comp(d))
    return `"""\n${d.prose.sentence()}\n"""\ntype ${T}${rng.int(1, 99)} {\n  id: ID!\n  name: String!\n  createdAt: DateTime!\n  status: ${T}Status\n  owner: String\n}\n\nextend type Query {\n  ${camel(comp(d))}(id: ID!): ${T}\n  ${camel(comp(d))}s(first: Int = 20, after: String): [${T}!]!\n}\n\n`
  })
}

const sql: Writer = (d, out) => {
  const { rng } = d
  out.put(`-- ${d.path}\n-- ${d.prose.sentence()}\n\n`)
  until(d, out, () => {
    const t = `${snake(comp(d))}s_${rng.int(1, 99)}`
    return `-- ${d.prose.sentence()}\nCREATE TABLE IF NOT EXISTS ${t} (\n    id BIGSERIAL PRIMARY KEY,\n    name VARCHAR(255) NOT NULL,\n    status VARCHAR(32) NOT NULL DEFAULT 'active',\n    payload JSONB,\n    created_at TIMESTAMPTZ NOT NULL DEFAULT now()\n);\nCREATE INDEX IF NOT EXISTS idx_${t}_status ON ${t} (status);\n\n`
  })
}

const html: Writer = (d, out) => {
  const { rng } = d
  out.put(`{% extends 'base.html.twig' %}\n{# ${d.prose.sentence()} #}\n{% block body %}\n`)
  until(d, out, () => {
    const c = snake(comp(d))
    return `  <section class="${kebab(c)}-panel">\n    <h2>{{ '${titleCase(c)}'|trans }}</h2>\n    <p>${d.prose.sentence()}</p>\n    {% for item in ${c}_items %}\n      <div class="${kebab(c)}-row" data-id="{{ item.id }}">{{ item.name }}</div>\n    {% else %}\n      <p class="empty">${rng.pick(['Nothing here yet.', 'No results.', 'Empty.'])}</p>\n    {% endfor %}\n  </section>\n`
  })
  out.put('{% endblock %}\n')
}

const ini: Writer = (d, out) => {
  const { rng } = d
  out.put(`# ${d.path}\n# ${d.prose.sentence()}\n`)
  until(d, out, () => {
    const keys = rng.sample(SETTING_KEYS, rng.int(3, 6))
    return `\n# ${d.prose.sentence()}\n${keys.map((k) => `${upperSnake(comp(d), k)} = ${jsonValue(rng, k).replace(/"/g, '')}`).join('\n')}\n`
  })
}

const plain: Writer = (d, out) => {
  out.put(`${d.name}\n${'='.repeat(Math.min(60, d.name.length))}\n\n`)
  until(d, out, () => `${wrap(d.prose.paragraph(3, 6), 88).join('\n')}\n\n`)
}

const WRITERS: Record<FileKind, Writer> = {
  code: plain, markdown, json, yaml, toml, xml, shell, dockerfile, cmake, makefile, ignore, license,
  requirements, puml, graphql, sql, html, ini, plain,
}
